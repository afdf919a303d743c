//:: races racy
// The twin of comma-read-race-free.cu whose discarded operand needs x[0]'s value: every
// thread reads the cell thread 0 writes.
__global__ void k(int *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int j = 1; x[0] + 1, j < n; j++) { }
  x[i] = i; //! race.data
}
