//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=2
// The twin of two-declarations-ok.cu: t is the thread's id, not twice it, so thread
// g's second cell is thread g + 1's first.
__global__ void k(int *a) {
  for (int i = 0, t = blockIdx.x * blockDim.x + threadIdx.x; i < 2; i++) {
    a[t + i] = i;
  }
  for (int i = 0, j = i + 1; i < j; i++) {
    a[32 + blockIdx.x * blockDim.x + threadIdx.x] = j;
  }
}
