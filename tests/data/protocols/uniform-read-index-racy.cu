//:: races racy
// A barrier under a condition on a read at an index that differs between threads
// (p[threadIdx.x]): the threads read different cells, and may disagree.
__global__ void k(int n) {
  __shared__ int p[256];
  p[threadIdx.x] = threadIdx.x;
  __syncthreads();
  if (p[threadIdx.x] == 22) {
    __syncthreads();  //! divergence.barrier
  }
}
