//pass
//--blockDim=4 --gridDim=2
// Two ints per thread from cell 2 * tid, read by another thread after the barrier.
__global__ void k(int *in, int *out) {
  __shared__ int s[8];
  memcpy(s + 2 * threadIdx.x, in + 2 * (blockIdx.x * blockDim.x + threadIdx.x), 2 * sizeof(int));
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = s[(2 * threadIdx.x + 3) % 8];
}
