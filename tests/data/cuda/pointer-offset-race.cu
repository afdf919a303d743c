//:: verdict fails perm
// The twin of pointer-offset.cu with the pointer one cell further: thread lid writes a[lid + 2],
// its neighbour's cell.
/*@
  context_everywhere ngroups == 1 && \length(a) == gsize + 2;
  requires Perm(a[lid + 1], write);
@*/
__global__ void k(int *a) {
  int *p = a + 2;
  p[threadIdx.x] = 2; //! perm.write
}
