//--blockDim=64 --gridDim=1
//:: races racy
// The twin of loop-skipped-race-free.cu whose barrier ends the iteration: the first iteration's
// write meets the write before the loop, thread 63 - lid's cell.
__global__ void skipped(float *out, int n) {
  __shared__ float t[64];
  int lid = threadIdx.x;
  t[lid] = out[lid];
  __syncthreads();
  t[lid] = 1.0f; //! race.data
  for (int i = 0; i < n; i++) {
    t[63 - lid] = 2.0f; //! race.data
    __syncthreads();
  }
  __syncthreads();
  out[lid] = t[lid];
}
