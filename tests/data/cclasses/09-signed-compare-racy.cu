//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=1
// Class 9: -1 is converted to unsigned (4294967295) for the comparison, which holds for
// every thread, so they all write a[0]. On mathematical integers it never holds.
__global__ void k(int *a) {
  if (threadIdx.x < -1) {
    a[0] = threadIdx.x;
  }
}
