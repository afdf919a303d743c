//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=2
// The counter read plainly beside the other threads' atomic updates: a race.
__global__ void k(unsigned int *count, int *a) {
  atomicAdd(count, 1u);
  a[blockIdx.x * blockDim.x + threadIdx.x] = (int)*count;
}
