//:: verdict fails divergence
// Half of a block reaches the barrier.
/*@ requires true; @*/
__global__ void k() {
  if (threadIdx.x < 16) {
    __syncthreads(); //! divergence.barrier
  }
}
