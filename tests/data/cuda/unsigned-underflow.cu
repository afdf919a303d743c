//:: verdict fails arith
// threadIdx.x - 1 wraps around for thread 0 in C; the test `< n` then skips it, but only
// because of the wrap. The subtraction is reported instead of being read as -1 < n.
/*@
  context_everywhere ngroups == 1 && \length(a) == gsize && n <= gsize;
  requires Perm(a[tid], write);
@*/
__global__ void k(int *a, unsigned n) {
  if (threadIdx.x - 1 < n) { //! arith.overflow
    a[threadIdx.x] = 0;
  }
}
