//pass
//--blockDim=4 --gridDim=2
// The twin of fence-racy.cu with a barrier, which orders the exchange.
__global__ void k(int *a, int *b) {
  a[blockIdx.x * blockDim.x + threadIdx.x] = threadIdx.x;
  __syncthreads();
  b[blockIdx.x * blockDim.x + threadIdx.x] = a[blockIdx.x * blockDim.x + (threadIdx.x + 1) % blockDim.x];
}
