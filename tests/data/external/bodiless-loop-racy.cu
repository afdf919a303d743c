//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=1
// Each call in the loop is a call of its own: v differs from the first value in some
// iteration, and the loop's test is evaluated anew before each iteration.
__device__ char nondet(void);

__global__ void k(int *a) {
  char first = nondet();
  while (nondet()) {
    char v = nondet();
    if (v != first) a[0] = threadIdx.x;
  }
}
