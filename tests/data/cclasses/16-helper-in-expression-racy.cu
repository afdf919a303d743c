//xfail:NOT_ALL_VERIFIED
//--blockDim=2 --gridDim=2
// Class 16: the helper with statements, called inside an expression, reads the cell
// a[t + 1] that the next thread writes with no barrier between.
__device__ int around(int *a, unsigned t) {
  int left = a[t];
  return left + a[t + 1];
}
__global__ void k(int *a, int *b) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  a[t] = 1;
  b[t] = 2 * around(a, t) + 1;
}
