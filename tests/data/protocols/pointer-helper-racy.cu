//:: races racy
// The twin of pointer-helper-race-free.cu indexed by the thread in its block only: the
// threads of two blocks meet at one cell.
__device__ int *pick(int *x, int *y, unsigned c) {
  return c % 2 ? x : y;
}

__global__ void fill(int *a, int *b) {
  int *p = pick(a, b, threadIdx.x);
  p[threadIdx.x] = 1;  //! race.data
}
