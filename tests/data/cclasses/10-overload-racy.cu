//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=1
// Class 10: threadIdx.x is unsigned, so C++ calls pos(unsigned int), which returns 0:
// every thread writes a[0]. Resolved by name, the last pos (int) is inlined: a[tid].
__device__ int pos(unsigned int x) { return 0; }
__device__ int pos(int x) { return x; }
/*@
  context_everywhere ngroups == 1 && \length(a) == gsize;
  requires Perm(a[tid], write);
@*/
__global__ void k(int *a) {
  a[pos(threadIdx.x)] = 1;
}
