//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=1
// Class 3: -5 & 3 is 3 in two's complement, so the factor is 0 and every thread writes
// a[16]. Folded as a truncating remainder it would be -1, the factor -4.
__global__ void k(int *a) {
  a[16 + threadIdx.x * ((-5 & 3) - 3)] = 1;
}
