//--blockDim=64 --gridDim=1
// provenance: https://github.com/NVIDIA-developer-blog/code-samples commit 72d62ec464442786a36754508bcb1094d197d6a5 path series/cuda-cpp/shared-memory/shared-memory.cu lines 39-47
// project: NVIDIA developer blog code samples
// licence: BSD-3-Clause (bench/realcode/LICENSES.md)
// kernel: dynamicReverse
// host: dynamicReverse<<<1, n, n*sizeof(int)>>>(d, n), n = 64
// verdict: race-free: as staticReverse, with extern __shared__ memory
// The code below is the original's, verbatim (host code removed).

__global__ void dynamicReverse(int *d, int n)
{
  extern __shared__ int s[];
  int t = threadIdx.x;
  int tr = n-t-1;
  s[t] = d[t];
  __syncthreads();
  d[t] = s[tr];
}
