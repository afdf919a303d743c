//--blockDim=256 --gridDim=1
// provenance: https://github.com/zjin-lcf/HeCBench commit f27000a5188f8ac79bd43fc95a1b3f890c18823d path src/reverse-cuda/main.cu lines 8-15
// project: HeCBench
// licence: BSD-3-Clause (bench/realcode/LICENSES.md)
// kernel: reverse
// host: reverse<<<1, len>>>(d_test, len), len = 256
// verdict: race-free: s[t] = d[t], __syncthreads(), d[t] = s[len-t-1]
// The code below is the original's, verbatim (host code removed).

__global__ void reverse (int *d, const int len)
{
  __shared__ int s[256];
  int t = threadIdx.x;
  s[t] = d[t];
  __syncthreads();
  d[t] = s[len-t-1];
}
