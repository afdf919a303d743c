//:: races racy
//--blockDim=4 --gridDim=2
// `|` does not short-circuit: the read of s[1] happens even where the left operand is
// true (every thread here), and thread 1 writes s[1].
__global__ void k(int *out) {
  __shared__ int s[4];
  if (threadIdx.x == 1) s[1] = 5;  //! race.data
  out[blockIdx.x * blockDim.x + threadIdx.x] = (threadIdx.x < 100u) | (s[1] > 0);  //! race.data
}
