//--blockDim=64 --gridDim=1
//:: races racy
// __syncwarp orders the threads of one warp only: thread 63 reads the cell thread 0
// (of the other warp) wrote.
/*@ context_everywhere \length(out) == tcount; @*/
__global__ void k(int *out) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = t; //! race.data
  __syncwarp();
  out[t] = s[63 - t]; //! race.data
}
