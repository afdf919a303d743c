//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=1
// __mul24 multiplies the low 24 bits of its operands: those of 2^24 * i are 0, so every
// thread writes a[0] (read as a whole number, each would write a cell of its own).
__global__ void k(int *a) {
  a[__mul24(16777216 * threadIdx.x, 1)] = 1;
}
