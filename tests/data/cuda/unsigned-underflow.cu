//:: verdict verified
// threadIdx.x - 1 wraps around to 4294967295 for thread 0, as C defines, so the test
// `< n` (n <= gsize) skips thread 0 and its cell keeps its value. Read on mathematical
// integers, -1 < n would hold and thread 0 would clear its cell.
/*@
  context_everywhere ngroups == 1 && \length(a) == gsize && n <= gsize;
  requires Perm(a[tid], write);
  ensures  Perm(a[tid], write) ** (tid == 0 ==> a[tid] == \old(a[tid])) ** (0 < tid && tid <= n ==> a[tid] == 0);
@*/
__global__ void k(int *a, unsigned n) {
  if (threadIdx.x - 1 < n) {
    a[threadIdx.x] = 0;
  }
}
