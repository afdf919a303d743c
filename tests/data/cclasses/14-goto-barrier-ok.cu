//pass
//--blockDim=2 --gridDim=2
// Class 14, the twin of 14-goto-barrier-racy.cu: group 0 jumps over the barrier as a
// whole; in group 1 the barrier orders each write of s before the other thread's read.
// After the label each thread reads its own cell.
__global__ void k(int *a) {
  __shared__ int s[2];
  s[threadIdx.x] = threadIdx.x;
  if (blockIdx.x == 0) {
    goto done;
  }
  __syncthreads();
  a[blockIdx.x * blockDim.x + threadIdx.x] = s[1 - threadIdx.x];
done:
  a[4 + blockIdx.x * blockDim.x + threadIdx.x] = s[threadIdx.x];
}
