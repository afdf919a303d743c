//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=2
// Class 13: the helper returns before its barrier in the threads with an odd id, reading
// the cell its even neighbour writes with no barrier between (a race), and the others
// wait at a barrier those never reach (divergence).
__device__ int neighbour(int *a, unsigned t) {
  a[t] = t;
  if (t % 2 == 1) {
    return a[t - 1];
  }
  __syncthreads();
  return a[(t + 2) % blockDim.x];
}
__global__ void k(int *a, int *b) {
  b[blockIdx.x * blockDim.x + threadIdx.x] = neighbour(a + blockIdx.x * blockDim.x, threadIdx.x);
}
