//xfail:NOT_ALL_VERIFIED
//--blockDim=2 --gridDim=2
// Class 13: the return inside the loop stops only the threads t > 1 of the group (none
// of two), so both threads write a[0..2] of their group's slice.
__device__ int fill(int *a, unsigned t, int n) {
  for (int i = 0; i < n; i++) {
    if (t > 1) {
      return i;
    }
    a[i] = i;
  }
  return n;
}
__global__ void k(int *a, int *b) {
  b[blockIdx.x * blockDim.x + threadIdx.x] = fill(a + 4 * blockIdx.x, threadIdx.x, 3);
}
