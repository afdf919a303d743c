//--blockDim=64 --gridDim=1
//:: races race-free
// A warp's barrier under `t < 32`: every thread of a warp decides it alike (warp 0
// all, warp 1 none), which is all a warp's barrier needs.
/*@ context_everywhere \length(out) == tcount; @*/
__global__ void k(int *out) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = t;
  if (t < 32) {
    __syncwarp();
    out[t] = s[31 - t];
  }
}
