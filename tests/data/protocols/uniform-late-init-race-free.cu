//:: races race-free
// A counter declared without a value and set by the loop's header is as uniform as one
// declared there (issue 26, cause 4): every thread of a block reaches each barrier.
__global__ void k(int *a) {
  __shared__ int t[1024];
  int i;
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  for (i = 0; i < 15; i++) {
    t[threadIdx.x] = i;
    __syncthreads();
  }
  a[g] = i;
}
