//xfail:NOT_ALL_VERIFIED
//--blockDim=2 --gridDim=1
// Class 5: the literals are 1.0 and 2.0 (as doubles); their spellings collide in the
// hash that numbers literals (05-float-literal-racy.cu says how).
__global__ void k(int *a) {
  __assert((int) 1.000000000000000000000000000000000000000000000000000000000002 == (int) 2.000000000000000000000000000000000000000000000000000000000001);
}
