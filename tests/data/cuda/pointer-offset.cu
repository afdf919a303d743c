//:: verdict verified
// A pointer into one array is an offset: p[i] is a[1 + i], *q is a[lid + 1].
/*@
  context_everywhere ngroups == 1 && \length(a) == gsize + 1;
  requires Perm(a[lid + 1], write);
  ensures  Perm(a[lid + 1], write) ** a[lid + 1] == 3;
@*/
__global__ void k(int *a) {
  int *p = a + 1;
  p[threadIdx.x] = 2;
  int *q = &p[threadIdx.x];
  *q += 1;
}
