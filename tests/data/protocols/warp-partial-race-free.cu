//--blockDim=48 --gridDim=2
//:: races race-free
// A block of 48 threads: the second warp has 16. Threads pair within their warp.
/*@ context_everywhere \length(out) == tcount; @*/
__global__ void k(int *out) {
  __shared__ int s[48];
  int t = threadIdx.x;
  s[t] = t;
  __syncwarp();
  int mate = t < 32 ? 31 - t : 32 + 47 - t;
  out[blockIdx.x * 48 + t] = s[mate];
}
