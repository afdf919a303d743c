//pass
//--blockDim=4 --gridDim=2
// The twin of bodiless-two-calls-racy.cu with a `const` function: the same argument
// gives the same value, so no thread writes a[0].
__device__ int f(int) __attribute__((const));

__global__ void k(int *a) {
  int x = f(1);
  int y = f(1);
  if (x != y) a[0] = threadIdx.x;
  a[blockIdx.x * blockDim.x + threadIdx.x] = f(threadIdx.x);
}
