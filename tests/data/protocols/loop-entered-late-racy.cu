//:: races racy
// A loop every thread enters, but whose write comes after its last barrier: the last
// iteration's writes meet the read after the loop.
__global__ void k(int *out) {
  __shared__ int p[256];
  for (int i = 0; i < 4; i++) {
    __syncthreads();
    p[threadIdx.x] = threadIdx.x;  //! race.data
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = p[0];  //! race.data
}
