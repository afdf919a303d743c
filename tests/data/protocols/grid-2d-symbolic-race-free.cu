//:: races race-free
// A 2-D element-wise kernel with symbolic sizes: it names x and y, not z, so it is checked for
// launches of two dimensions (size 1 along z, as CUDA launches a dimension the host does not
// name), and the verdict says so. `row * n + col` is one cell per thread because col < n: the
// digits of a number are unique (races/radix.py gives the solver that theorem's instances).
__global__ void scale(float *C, const float *A, int n) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < n && col < n) C[row * n + col] = A[row * n + col] * 2.0f;
}
