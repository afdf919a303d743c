//pass
//--blockDim=4 --gridDim=1
// The twin of bodiless-loop-racy.cu: the loop's unknown values are compared with
// themselves, so no thread writes a[0].
__device__ char nondet(void);

__global__ void k(int *a) {
  char first = nondet();
  while (nondet()) {
    char v = nondet();
    if (v != v || first != first) a[0] = threadIdx.x;
  }
}
