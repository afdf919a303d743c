//:: races racy
//--blockDim=64 --gridDim=2
// An unsigned counter whose step wraps around: thread 0's third value is 2 (0 + 2 * 0x80000001
// modulo 2^32), the first value of thread 2. races writes i as (lid + m * step) % 2^32: one
// wrap-around of the sum is the wrap-around of every step.
__global__ void k(int *out) {
  __shared__ int a[64];
  unsigned i = threadIdx.x;
  for (int n = 0; n < 3; n++) {
    a[i % 64] = 1; //! race.data
    i += 0x80000001u;
  }
  __syncthreads();
  out[blockIdx.x * 64 + threadIdx.x] = a[threadIdx.x];
}
