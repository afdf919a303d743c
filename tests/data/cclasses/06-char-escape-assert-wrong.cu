//xfail:NOT_ALL_VERIFIED
//--blockDim=2 --gridDim=1
// Class 6: '\x80' is -128 (a signed char), not 128.
__global__ void k(int *a) {
  __assert('\x80' == 128);
}
