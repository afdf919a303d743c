//xfail:NOT_ALL_VERIFIED
//--blockDim=8 --gridDim=2
// Without the second barrier the bins are read while others still update them.
__global__ void k(const int *in, unsigned int *out) {
  __shared__ unsigned int bins[4];
  if (threadIdx.x < 4) bins[threadIdx.x] = 0;
  __syncthreads();
  atomicAdd(&bins[in[blockIdx.x * blockDim.x + threadIdx.x] & 3], 1u);
  if (threadIdx.x < 4) out[blockIdx.x * 4 + threadIdx.x] = bins[threadIdx.x];
}
