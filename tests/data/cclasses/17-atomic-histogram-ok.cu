//pass
//--blockDim=8 --gridDim=2
// A histogram in shared memory: zeroed, a barrier, atomic updates, a barrier, read.
__global__ void k(const int *in, unsigned int *out) {
  __shared__ unsigned int bins[4];
  if (threadIdx.x < 4) bins[threadIdx.x] = 0;
  __syncthreads();
  atomicAdd(&bins[in[blockIdx.x * blockDim.x + threadIdx.x] & 3], 1u);
  __syncthreads();
  if (threadIdx.x < 4) out[blockIdx.x * 4 + threadIdx.x] = bins[threadIdx.x];
}
