//pass
//--blockDim=2 --gridDim=1
// Class 4, the twin of 04-char-cast-racy.cu: byte 4 * tid + 8 lies in a[tid + 2], which
// no thread of the two writes.
__global__ void k(int *a, int *b) {
  a[threadIdx.x] = 1;
  b[threadIdx.x] = ((unsigned char *) a)[4 * threadIdx.x + 8];
}
