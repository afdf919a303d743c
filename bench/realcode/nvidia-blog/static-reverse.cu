//--blockDim=64 --gridDim=1
// provenance: https://github.com/NVIDIA-developer-blog/code-samples commit 72d62ec464442786a36754508bcb1094d197d6a5 path series/cuda-cpp/shared-memory/shared-memory.cu lines 29-37
// project: NVIDIA developer blog code samples
// licence: BSD-3-Clause (bench/realcode/LICENSES.md)
// kernel: staticReverse
// host: staticReverse<<<1, n>>>(d, n), n = 64
// verdict: race-free: s[t] = d[t], __syncthreads(), d[t] = s[n-t-1]
// The code below is the original's, verbatim (host code removed).

__global__ void staticReverse(int *d, int n)
{
  __shared__ int s[64];
  int t = threadIdx.x;
  int tr = n-t-1;
  s[t] = d[t];
  __syncthreads();
  d[t] = s[tr];
}
