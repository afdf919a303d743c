//pass
//--blockDim=2 --gridDim=1
// Class 5, the twin of 05-float-literal-assert-wrong.cu: one literal on both sides.
__global__ void k(int *a) {
  __assert((int) 2.000000000000000000000000000000000000000000000000000000000001 == (int) 2.000000000000000000000000000000000000000000000000000000000001);
}
