//pass
//--blockDim=2 --gridDim=2
// Class 15, the twin of 15-function-pointer-racy.cu: no thread is in group 5, so the
// call through `f` runs `own` in every thread, each writing its own cell.
typedef void (*op)(int *, unsigned);
__device__ void own(int *a, unsigned t) {
  a[t] = t;
}
__device__ void first(int *a, unsigned t) {
  a[0] = t;
}
__global__ void k(int *a) {
  op f = blockIdx.x == 5 ? first : own;
  (*f)(a, blockIdx.x * blockDim.x + threadIdx.x);
}
