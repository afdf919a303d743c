//:: races race-free
// With --benign-writes: thread 0 writes s[0] (a negative value), and after the barrier
// every thread copies it into out[0] of its block: one value.
__global__ void k(int *out) {
  __shared__ int s[4];
  if (threadIdx.x == 0) s[0] = -7 - (int)blockIdx.x;
  __syncthreads();
  out[blockIdx.x] = s[0];
}
