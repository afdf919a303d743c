//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=2
// Cells of one byte: a copy of 2 bytes from cell i reaches cell i + 1.
__global__ void k(char *in, char *out) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  memcpy(out + i, in + i, 2);
}
