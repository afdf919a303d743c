//:: races race-free
// A pointer walked by a fixed stride in a barrier-free loop: at the k-th iteration p is t + k * stride
// and i is k, the same k (races ties such steps); with stride >= the number of threads no two
// threads meet.
__global__ void k(float *a, int stride, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (stride < (int)(gridDim.x * blockDim.x)) return;
  float *p = a + t;
  for (int i = 0; i < n; i++) {
    *p = 1.0f;
    p += stride;
  }
}
