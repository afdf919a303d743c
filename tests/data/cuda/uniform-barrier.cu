//:: verdict verified
// The twin of divergent-barrier.cu: the condition is the same in the whole block.
/*@ requires true; @*/
__global__ void k(int n) {
  if (blockIdx.x < 16 && n > 2) {
    __syncthreads();
  }
}
