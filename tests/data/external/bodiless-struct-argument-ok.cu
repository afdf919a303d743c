//pass
//--blockDim=4 --gridDim=2
// The copy a call passes reads the thread's own element only.
struct pair { int a; short b; };

__device__ void use(pair x);

__global__ void k(pair *p) {
  p[blockIdx.x * blockDim.x + threadIdx.x].a = 1;
  use(p[blockIdx.x * blockDim.x + threadIdx.x]);
}
