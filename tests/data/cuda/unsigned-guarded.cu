//:: verdict verified
// The twin of unsigned-underflow.cu: thread 0 is excluded before the subtraction.
/*@
  context_everywhere ngroups == 1 && \length(a) == gsize && n <= gsize;
  requires Perm(a[tid], write);
@*/
__global__ void k(int *a, unsigned n) {
  if (threadIdx.x >= 1 && threadIdx.x - 1 < n) {
    a[threadIdx.x] = 0;
  }
}
