//:: verdict fails assert
// memcpy between overlapping blocks of one array is undefined in C.
/*@
  context_everywhere ngroups == 1 && \length(a) == 4 * gsize;
  requires Perm(a[4 * tid], write) ** Perm(a[4 * tid + 1], write) ** Perm(a[4 * tid + 2], write);
@*/
__global__ void k(int *a) {
  memcpy(a + 4 * threadIdx.x + 1, a + 4 * threadIdx.x, 2 * sizeof(int)); //! assert.failed
}
