// A row per thread, at a size_t index, one cell too many (`j <= n`): thread i writes the
// first cell of row i + 1, which thread i + 1 writes too.
__global__ void rows(float *a, const int n)
{
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  if (i < n) {
    for (int j = 0; j <= n; ++j)
      a[(size_t)i * n + j] = 1.0f;
  }
}
