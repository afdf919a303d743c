//pass
//--blockDim=4 --gridDim=2
// A count known at run time: 4 bytes are one whole int, the thread's own.
__global__ void k(int *in, int *out) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  size_t len = 4;
  memcpy(out + i, in + i, len);
}
