//:: races racy
// The twin of uniform-late-init-race-free.cu whose counter starts at the thread's id: the
// threads of a block leave the loop after different numbers of barriers.
__global__ void k(int *a) {
  __shared__ int t[1024];
  int i;
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  for (i = threadIdx.x; i < 15; i++) {
    t[threadIdx.x] = i;
    __syncthreads(); //! divergence.barrier
  }
  a[g] = i;
}
