//--blockDim=64 --gridDim=4
//:: races racy
// The twin of atomic-first-and-race-free.cu where the losers write: every thread but the
// first to arrive finds the flag at 1.
__global__ void first_match(const int *a, int key, int *flag, int *winner) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (a[i] == key && atomicCAS(flag, 0, 1) == 1)
    *winner = i; //! race.data
}
