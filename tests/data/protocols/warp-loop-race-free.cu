//--blockDim=64 --gridDim=1
//:: races race-free
// The twin of warp-loop-racy.cu with __syncthreads: the block's barrier keeps both warps
// in one iteration, and in one iteration they write s[i] and s[i + 1].
/*@ context_everywhere \length(out) == tcount; @*/
__global__ void k(int *out) {
  __shared__ int s[64];
  int t = threadIdx.x;
  for (int i = 0; i < 2; i++) {
    if (t % 32 == 0) s[i + t / 32] = i;
    __syncthreads();
  }
}
