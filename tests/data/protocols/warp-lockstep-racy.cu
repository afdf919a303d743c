//--blockDim=64 --gridDim=2 --warp-sync=32
//:: races racy
// Lock-step orders a warp's statements, not two writes of one statement: every thread
// of a warp writes s[warp] in one step (and --benign-writes is not given).
/*@ context_everywhere \length(out) == tcount; @*/
__global__ void k(int *out) {
  __shared__ int s[2];
  int t = threadIdx.x;
  s[t / 32] = t; //! race.data
  out[blockIdx.x * blockDim.x + t] = s[t / 32];
}
