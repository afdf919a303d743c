//pass
//--blockDim=4 --gridDim=2
// A for loop declaring two variables, the second initialised after the first (j = i + 1
// reads i): each thread writes cells of its own.
__global__ void k(int *a) {
  for (int i = 0, t = 2 * (blockIdx.x * blockDim.x + threadIdx.x); i < 2; i++) {
    a[t + i] = i;
  }
  for (int i = 0, j = i + 1; i < j; i++) {
    a[32 + blockIdx.x * blockDim.x + threadIdx.x] = j;
  }
}
