//:: races racy
// Shared memory read from the neighbour without __syncthreads().
__global__ void shift(int *a) {
  __shared__ int t[256];
  t[threadIdx.x] = a[blockIdx.x * blockDim.x + threadIdx.x];  //! race.data
  a[blockIdx.x * blockDim.x + threadIdx.x] = t[(threadIdx.x + 1) % blockDim.x];
}
