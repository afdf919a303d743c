//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=2
// A count known at run time: 5 bytes are a whole int and a byte of the next, which the
// next thread writes too.
__global__ void k(int *in, int *out) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  size_t len = 5;
  memcpy(out + i, in + i, len);
}
