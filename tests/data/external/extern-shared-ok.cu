//pass
//--blockDim=4 --gridDim=2
// The twin of extern-shared-racy.cu: one cell per thread, and each block has its own
// copy, so the two blocks' threads 0 do not race on s[0].
__global__ void k(int *a) {
  extern __shared__ int s[];
  s[threadIdx.x] = blockIdx.x;
  __syncthreads();
  a[blockIdx.x * blockDim.x + threadIdx.x] = s[(threadIdx.x + 1) % blockDim.x];
}
