//pass
//--blockDim=2 --gridDim=1
// Class 6, the twin of 06-char-escape-assert-wrong.cu.
__global__ void k(int *a) {
  __assert('\x80' == -128);
}
