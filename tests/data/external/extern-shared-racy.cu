//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=2
// Dynamic shared memory is the group's: every thread of a block writes s[0].
__global__ void k(int *a) {
  extern __shared__ int s[];
  s[0] = threadIdx.x;
}
