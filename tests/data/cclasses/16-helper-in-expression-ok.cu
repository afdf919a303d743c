//pass
//--blockDim=2 --gridDim=2
// Class 16, the twin of 16-helper-in-expression-racy.cu: the helper, called inside an
// expression, reads only the thread's own cell.
__device__ int around(int *a, unsigned t) {
  int left = a[t];
  return left + a[t];
}
__global__ void k(int *a, int *b) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  a[t] = 1;
  b[t] = 2 * around(a, t) + 1;
}
