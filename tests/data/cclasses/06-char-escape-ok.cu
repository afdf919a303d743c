//pass
//--blockDim=4 --gridDim=1
// Class 6, the twin of 06-char-escape-racy.cu: '\x80' + 129 is 1.
__global__ void k(int *a) {
  a[threadIdx.x * ('\x80' + 129)] = 1;
}
