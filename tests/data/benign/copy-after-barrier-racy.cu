//:: races racy
// copy-after-barrier-race-free.cu without the barrier: thread 0's write of s[0] meets
// the other threads' reads of it.
__global__ void k(int *out) {
  __shared__ int s[4];
  if (threadIdx.x == 0) s[0] = -7 - (int)blockIdx.x;  //! race.data
  out[blockIdx.x] = s[0];  //! race.data
}
