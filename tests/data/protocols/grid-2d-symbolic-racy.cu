//:: races racy
// The twin of grid-2d-symbolic-race-free.cu whose guard lets col reach n: thread (n, r) writes
// the cell of thread (0, r + 1).
__global__ void scale(float *C, const float *A, int n) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < n && col <= n) C[row * n + col] = A[row * n + col] * 2.0f; //! race.data
}
