//:: races race-free
// With --benign-writes, two blocks: every thread writes 0 to out[0] and reads it back
// (GPUVerify's multidimarrays/test5); whichever write comes last, every read sees 0.
__global__ void k(unsigned *out, int *res) {
  out[0] = 0u;
  int x = out[0];
  res[blockIdx.x * blockDim.x + threadIdx.x] = x;
}
