//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=2
// Adding the thread's index is no ticket: thread 0 adds 0, and the next thread draws the
// same value.
__global__ void k(unsigned int *next, int *slots) {
  unsigned int t = atomicAdd(next, threadIdx.x);
  slots[t] = threadIdx.x;
}
