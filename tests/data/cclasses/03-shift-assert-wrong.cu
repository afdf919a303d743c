//xfail:NOT_ALL_VERIFIED
//--blockDim=2 --gridDim=1
// Class 3: (-5 >> 1) + 3 is 0 in C; the assertion is false.
__global__ void k(int *a) {
  __assert((-5 >> 1) + 3 == 1);
}
