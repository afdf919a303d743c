//pass
//--blockDim=4 --gridDim=1
// The twin of extern-shared-alias-racy.cu with a barrier between the write and the read.
extern __shared__ float s[];

__global__ void k(float *a) {
  extern __shared__ float t[];
  s[threadIdx.x] = 1.0f;
  __syncthreads();
  a[threadIdx.x] = t[(threadIdx.x + 1) % blockDim.x];
}
