//--blockDim=48 --gridDim=2
//:: races racy
// The twin of warp-partial-race-free.cu: threads 32..47 read cells of the first warp.
/*@ context_everywhere \length(out) == tcount; @*/
__global__ void k(int *out) {
  __shared__ int s[48];
  int t = threadIdx.x;
  s[t] = t; //! race.data
  __syncwarp();
  int mate = 47 - t;
  out[blockIdx.x * 48 + t] = s[mate]; //! race.data
}
