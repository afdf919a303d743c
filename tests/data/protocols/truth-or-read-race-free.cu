//:: races race-free
//--blockDim=4 --gridDim=2
// truth-or-read-racy.cu with the write of s[1] before a barrier.
__global__ void k(int *out) {
  __shared__ int s[4];
  if (threadIdx.x == 1) s[1] = 5;
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = (threadIdx.x < 100u) | (s[1] > 0);
}
