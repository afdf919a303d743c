//:: races race-free
// The grid-stride loop: thread t handles t, t + T, t + 2T, ... (T threads in all). The step is
// unsigned and i an int, so each step is C's conversion of an unsigned sum back to int, which
// wraps around once i + T passes 2^31 - 1: with n and T near 2^31 two threads then meet
// (loop-grid-stride-wraps-racy.cu). Here both are at most 2^30, so i never wraps.
__global__ void scale(float *a, int n) {
  if (n > (1 << 30) || gridDim.x * blockDim.x > (1u << 30)) return;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    a[i] = 2.0f * a[i];
}
