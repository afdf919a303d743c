//:: races racy
// The twin of loop-step-tied-race-free.cu that lets the stride be one less than the number of
// threads: thread 0's second cell is the last thread's first.
__global__ void k(float *a, int stride, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (stride < (int)(gridDim.x * blockDim.x) - 1) return;
  float *p = a + t;
  for (int i = 0; i < n; i++) {
    *p = 1.0f; //! race.data
    p += stride;
  }
}
