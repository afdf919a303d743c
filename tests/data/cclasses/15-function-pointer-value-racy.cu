//xfail:NOT_ALL_VERIFIED
//--blockDim=2 --gridDim=2
// Class 15: the value of the call through `f` is stored in b[v]: with `scaled`, thread 1
// of a group stores to b[2], as global thread 2 does with `plain`.
typedef unsigned (*index_fn)(unsigned);
__device__ unsigned plain(unsigned t) {
  return t;
}
__device__ unsigned scaled(unsigned t) {
  if (t == 0) {
    return 0;
  }
  return 2;
}
__global__ void k(int *b) {
  index_fn f = plain;
  if (threadIdx.x == 1) {
    f = scaled;
  }
  unsigned v = f(blockIdx.x * blockDim.x + threadIdx.x);
  b[v] = 1;
}
