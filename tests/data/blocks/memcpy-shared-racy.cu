//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=2
// Two ints per thread from cell tid: thread tid + 1 writes cell tid + 1 as well.
__global__ void k(int *in, int *out) {
  __shared__ int s[8];
  memcpy(s + threadIdx.x, in + 2 * (blockIdx.x * blockDim.x + threadIdx.x), 2 * sizeof(int));
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = s[threadIdx.x];
}
