//xfail:NOT_ALL_VERIFIED
//--blockDim=2 --gridDim=2
// Class 15: the call through `f` runs `first` in the threads with lid 1, which write
// a[0], the cell global thread 0 writes through `own`.
typedef void (*op)(int *, unsigned);
__device__ void own(int *a, unsigned t) {
  a[t] = t;
}
__device__ void first(int *a, unsigned t) {
  a[0] = t;
}
__global__ void k(int *a) {
  op f = threadIdx.x == 1 ? first : own;
  (*f)(a, blockIdx.x * blockDim.x + threadIdx.x);
}
