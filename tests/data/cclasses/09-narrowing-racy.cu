//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=1
// Class 9: (unsigned char) 256 is 0, so every thread writes a[0]. `check` reports the
// conversion (arith.overflow); on mathematical integers, reading through that check, it
// stays 256 and the threads write distinct cells.
__global__ void k(int *a) {
  a[threadIdx.x * (unsigned char) 256] = 1;
}
