//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=2
// A struct passed by value to a function without a body is copied at the call: every
// leaf of p[tid + 1] is read where the neighbour writes its `a`.
struct pair { int a; short b; };

__device__ void use(pair x);

__global__ void k(pair *p) {
  p[blockIdx.x * blockDim.x + threadIdx.x].a = 1;
  use(p[blockIdx.x * blockDim.x + threadIdx.x + 1]);
}
