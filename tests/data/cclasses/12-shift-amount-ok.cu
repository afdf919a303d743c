//pass
//--blockDim=4 --gridDim=1
// Class 12, the twin of 12-shift-amount-racy.cu: threadIdx.x << 1 is one cell per thread.
__global__ void k(int *a) {
  unsigned s = blockDim.x / 4;
  a[threadIdx.x << s] = 1;
}
