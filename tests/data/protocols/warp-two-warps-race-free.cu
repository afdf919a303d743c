//--blockDim=64 --gridDim=1
//:: races race-free
// The twin of warp-two-warps-racy.cu: each thread reads a cell of its own warp.
/*@ context_everywhere \length(out) == tcount; @*/
__global__ void k(int *out) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = t;
  __syncwarp();
  out[t] = s[(t / 32) * 32 + 31 - t % 32];
}
