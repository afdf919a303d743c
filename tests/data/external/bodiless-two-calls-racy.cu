//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=2
// A function declared without a body gives a new value at each call: x and y may
// differ, and then every thread writes a[0].
__device__ int nondet(void);

__global__ void k(int *a) {
  int x = nondet();
  int y = nondet();
  if (x != y) a[0] = threadIdx.x;
}
