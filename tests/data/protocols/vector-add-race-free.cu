//:: races race-free
// A CUDA kernel without annotations, as GPUVerify and Faial read them: one cell per thread.
__global__ void add(int *a, int *b, int *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    c[i] = a[i] + b[i];
  }
}
