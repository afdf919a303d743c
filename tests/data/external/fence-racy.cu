//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=2
// A fence orders a thread's own accesses and makes no thread wait: the neighbour's
// cell is read while it may still be written.
__global__ void k(int *a, int *b) {
  a[blockIdx.x * blockDim.x + threadIdx.x] = threadIdx.x;
  __threadfence();
  b[blockIdx.x * blockDim.x + threadIdx.x] = a[blockIdx.x * blockDim.x + (threadIdx.x + 1) % blockDim.x];
}
