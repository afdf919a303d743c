//pass
//--blockDim=2 --gridDim=2
// Class 15, the twin of 15-function-pointer-value-racy.cu: `scaled` is chosen by no
// thread (lid 3 does not exist), so each thread stores to its own cell b[t].
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
  if (threadIdx.x == 3) {
    f = scaled;
  }
  unsigned v = f(blockIdx.x * blockDim.x + threadIdx.x);
  b[v] = 1;
}
