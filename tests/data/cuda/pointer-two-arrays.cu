//:: verdict verified
// A pointer into one of two arrays, chosen at run time: its tag says which, and the
// write is to that array only (the other keeps its value).
/*@
  context_everywhere ngroups == 1;
  context_everywhere \length(a) == gsize && \length(b) == gsize;
  requires Perm(a[tid], write) ** Perm(b[tid], write);
  ensures  Perm(a[tid], write) ** Perm(b[tid], write);
  ensures  c != 0 ==> b[tid] == 1 && a[tid] == \old(a[tid]);
  ensures  c == 0 ==> a[tid] == 1 && b[tid] == \old(b[tid]);
@*/
__global__ void k(int *a, int *b, int c) {
  int *p = a;
  if (c) {
    p = b;
  }
  p[threadIdx.x] = 1;
}
