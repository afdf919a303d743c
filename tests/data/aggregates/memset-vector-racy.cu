//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=2
// memset of a uint4 variable to byte 1: w is 0x01010101, and every thread writes flag[0].
__global__ void k(unsigned *out, int *flag) {
  uint4 vector;
  memset(&vector, 1, sizeof(vector));
  if (vector.w != 0) flag[0] = threadIdx.x;
  out[blockIdx.x * blockDim.x + threadIdx.x] = vector.x + vector.y;
}
