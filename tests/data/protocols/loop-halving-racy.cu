//--blockDim=64 --gridDim=1
//:: races racy
// The twin of loop-halving-race-free.cu whose offset falls by 4 per iteration while d only
// doubles: with n = 16 the third iteration has offset 0, and threads 0 .. 6 all add into t[0].
__global__ void down(float *out, int n) {
  __shared__ float t[129];
  int lid = threadIdx.x;
  t[2 * lid + 1] = out[2 * lid];
  t[2 * lid + 2] = out[2 * lid + 1];
  int offset = 2 * n;
  for (int d = 0; d < n; d <<= 1) {
    d += 1;
    offset >>= 2;
    __syncthreads();
    if (lid < d) {
      int ai = offset * (lid + 1) - 1;
      int bi = ai + (offset >> 1);
      t[bi + 1] += t[ai + 1]; //! race.data
    }
  }
  __syncthreads();
  out[lid] = t[lid + 1];
}
