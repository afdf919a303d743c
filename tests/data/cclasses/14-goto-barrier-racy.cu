//xfail:NOT_ALL_VERIFIED
//--blockDim=2 --gridDim=2
// Class 14: thread 0 of each group jumps over the barrier the other thread waits at
// (divergence), and reads s[1], which thread 1 wrote with no barrier between.
__global__ void k(int *a) {
  __shared__ int s[2];
  s[threadIdx.x] = threadIdx.x;
  if (threadIdx.x == 0) {
    goto done;
  }
  __syncthreads();
  a[blockIdx.x * blockDim.x + threadIdx.x] = s[1 - threadIdx.x];
done:
  a[4 + blockIdx.x * blockDim.x + threadIdx.x] = s[1 - threadIdx.x];
}
