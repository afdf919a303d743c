//:: races racy
// The twin of loop-grid-stride-race-free.cu whose stride is one short: thread 0's second element
// is the last thread's first.
__global__ void scale(float *a, int n) {
  if (n > (1 << 30) || gridDim.x * blockDim.x > (1u << 30)) return;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x - 1)
    a[i] = 2.0f * a[i]; //! race.data
}
