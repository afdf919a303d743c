//pass
//--blockDim=2 --gridDim=2
// Class 13, the twin of 13-early-return-loop-racy.cu: every thread but the first of its
// group returns in the first run of the loop, so only that one writes the group's slice
// a[0..2].
__device__ int fill(int *a, unsigned t, int n) {
  for (int i = 0; i < n; i++) {
    if (t != 0) {
      return i;
    }
    a[i] = i;
  }
  return n;
}
__global__ void k(int *a, int *b) {
  b[blockIdx.x * blockDim.x + threadIdx.x] = fill(a + 4 * blockIdx.x, threadIdx.x, 3);
}
