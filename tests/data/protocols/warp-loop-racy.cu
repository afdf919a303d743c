//--blockDim=64 --gridDim=1
//:: races racy
// A loop whose only barrier is a warp's: the two warps are in any two iterations, so
// warp 0's second iteration meets warp 1's first (both write s[1]).
/*@ context_everywhere \length(out) == tcount; @*/
__global__ void k(int *out) {
  __shared__ int s[64];
  int t = threadIdx.x;
  for (int i = 0; i < 2; i++) {
    if (t % 32 == 0) s[i + t / 32] = i; //! race.data
    __syncwarp();
  }
}
