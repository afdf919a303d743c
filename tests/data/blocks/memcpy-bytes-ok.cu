//pass
//--blockDim=4 --gridDim=2
// Cells of one byte: a copy of 1 byte from cell i is cell i only.
__global__ void k(char *in, char *out) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  memcpy(out + i, in + i, 1);
}
