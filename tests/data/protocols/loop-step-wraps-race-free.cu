//:: races race-free
//--blockDim=64 --gridDim=2
// The twin of loop-step-wraps-racy.cu with a step of 2^31: every value of thread t is t or
// t + 2^31 (modulo 2^32), the same cell modulo 64, its own.
__global__ void k(int *out) {
  __shared__ int a[64];
  unsigned i = threadIdx.x;
  for (int n = 0; n < 3; n++) {
    a[i % 64] = 1;
    i += 0x80000000u;
  }
  __syncthreads();
  out[blockIdx.x * 64 + threadIdx.x] = a[threadIdx.x];
}
