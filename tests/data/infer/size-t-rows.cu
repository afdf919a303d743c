// A row per thread, at a size_t index (`(size_t)i * n + j`, mapped `% 2^64`): under
// `i < n` and `0 <= j < n`, with n an int, the product stays below 2^62 and the wrap
// changes nothing (hecbench/page-rank-map.cu).
__global__ void rows(float *a, const int n)
{
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  if (i < n) {
    for (int j = 0; j < n; ++j)
      a[(size_t)i * n + j] = 1.0f;
  }
}
