//pass
//--blockDim=4 --gridDim=2
// memset of a uint4 variable to 0: every component is 0.
__global__ void k(unsigned *out, int *flag) {
  uint4 vector;
  memset(&vector, 0, sizeof(vector));
  if (vector.w != 0) flag[0] = threadIdx.x;
  out[blockIdx.x * blockDim.x + threadIdx.x] = vector.x + vector.y;
}
