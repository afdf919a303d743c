//pass
//--blockDim=2 --gridDim=1
// Class 3, the twin of 03-shift-assert-wrong.cu: the assertion states C's value.
__global__ void k(int *a) {
  __assert((-5 >> 1) + 3 == 0);
}
