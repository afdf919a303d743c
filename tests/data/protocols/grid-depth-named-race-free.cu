//:: races race-free
// The twin of grid-depth-named-racy.cu whose index names threadIdx.z too: one cell per thread
// of a block of any depth (one block of the grid: the guard keeps the others out; n <= 32
// keeps the index within an int).
__global__ void scale(float *C, int n) {
  int row = threadIdx.y;
  int col = threadIdx.x;
  int depth = threadIdx.z;
  if (blockIdx.x == 0 && blockIdx.y == 0 && blockIdx.z == 0 && col < n && row < n && n <= 32)
    C[(depth * n + row) * n + col] = blockDim.z;
}
