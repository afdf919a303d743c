//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=1
// The twin of check-copied-field-ok.cu: the copy is taken after s.p moves to b, so a is
// not written (and nothing gives the permission to write b).
struct S { int *p; int n; };

/*@
  context_everywhere \length(a) == gsize;
  requires Perm(a[tid], write);
  ensures Perm(a[tid], write) ** a[tid] == 7;
@*/
__global__ void k(int *a, int *b) {
  S s;
  s.p = a;
  s.n = 7;
  s.p = b;
  S t = s;
  t.p[threadIdx.x] = t.n;
}
