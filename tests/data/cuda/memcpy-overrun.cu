//:: verdict fails perm bounds
// The twin of memcpy-bounds.cu copying three ints: cell 2 * tid + 2 is the next thread's,
// and past the end for the last thread.
/*@
  context_everywhere ngroups == 1 && \length(in) == 2 * gsize && \length(out) == 2 * gsize;
  requires Perm(out[2 * tid], write) ** Perm(out[2 * tid + 1], write);
  requires Perm(in[2 * tid], 1\2) ** Perm(in[2 * tid + 1], 1\2);
@*/
__global__ void k(int *in, int *out) {
  memcpy(out + 2 * threadIdx.x, in + 2 * threadIdx.x, 3 * sizeof(int)); //! perm.read bounds.index
}
