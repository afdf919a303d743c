//:: cmd races
//:: verdict race-free
//:: note Lesson docs/tutorial/11-cuda.md, "When the index overflows": a 2-D kernel as written. Its index `row * width + col` fits in an int only if the matrix has fewer than 2^31 cells, which only the host knows.
__global__ void scale_2d(float *m, int width, int height, float k) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < height && col < width) {
    m[row * width + col] = k * m[row * width + col];
  }
}
