//--blockDim=64 --gridDim=1
//:: races racy
// The twin of warp-divergent-barrier-race-free.cu under `t < 16`: half of warp 0 skips
// the warp's barrier.
/*@ context_everywhere \length(out) == tcount; @*/
__global__ void k(int *out) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = t;
  if (t < 16) {
    __syncwarp(); //! divergence.barrier
    out[t] = s[15 - t];
  }
}
