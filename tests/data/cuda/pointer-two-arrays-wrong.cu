//:: verdict fails post
// The twin of pointer-two-arrays.cu claiming the write went to the other array.
/*@
  context_everywhere ngroups == 1;
  context_everywhere \length(a) == gsize && \length(b) == gsize;
  requires Perm(a[tid], write) ** Perm(b[tid], write);
  ensures  Perm(a[tid], write) ** Perm(b[tid], write);
  ensures  c != 0 ==> a[tid] == 1; //! post.failed
@*/
__global__ void k(int *a, int *b, int c) {
  int *p = a;
  if (c) {
    p = b;
  }
  p[threadIdx.x] = 1;
}
