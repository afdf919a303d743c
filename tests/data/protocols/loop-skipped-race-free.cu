//--blockDim=64 --gridDim=1
//:: races race-free
// A barrier loop that may run no iteration (n <= 0): the write before it and the write of its
// last iteration meet the reads after it, but never each other: when the loop runs, its barrier
// lies between them, and when it does not, its write never happens (races/skips.py).
__global__ void skipped(float *out, int n) {
  __shared__ float t[64];
  int lid = threadIdx.x;
  t[lid] = out[lid];
  __syncthreads();
  t[lid] = 1.0f;
  for (int i = 0; i < n; i++) {
    __syncthreads();
    t[63 - lid] = 2.0f;
  }
  __syncthreads();
  out[lid] = t[lid];
}
