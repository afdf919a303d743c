//pass
//--blockDim=4 --gridDim=2
// Class 13, the twin of 13-early-return-barrier-racy.cu: a whole group returns before
// the barrier (reading its own cell) or none of it does, and the barrier orders the
// write of a[t] before the read of a neighbour's cell.
__device__ int neighbour(int *a, unsigned t) {
  a[t] = t;
  if (blockIdx.x == 1) {
    return a[t];
  }
  __syncthreads();
  return a[(t + 2) % blockDim.x];
}
__global__ void k(int *a, int *b) {
  b[blockIdx.x * blockDim.x + threadIdx.x] = neighbour(a + blockIdx.x * blockDim.x, threadIdx.x);
}
