//:: races racy
// write-then-read-race-free.cu with each block writing its own index: the writes differ,
// and a thread may read another block's.
__global__ void k(unsigned *out, int *res) {
  out[0] = blockIdx.x;  //! race.data
  int x = out[0];
  res[blockIdx.x * blockDim.x + threadIdx.x] = x;
}
