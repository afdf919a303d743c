//:: races racy
// The twin of loop-grid-stride-race-free.cu without its bounds: for n and T near 2^31, i + T
// wraps around to a negative int (C converts the unsigned sum back to int modulo 2^32), the loop
// goes on, and two threads' sequences meet.
__global__ void scale(float *a, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    a[i] = 2.0f * a[i]; //! race.data
}
