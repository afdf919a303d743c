//:: verdict verified
// memcpy of two ints copies cells 2 * tid and 2 * tid + 1, each in bounds and the thread's.
/*@
  context_everywhere ngroups == 1 && \length(in) == 2 * gsize && \length(out) == 2 * gsize;
  requires Perm(out[2 * tid], write) ** Perm(out[2 * tid + 1], write);
  requires Perm(in[2 * tid], 1\2) ** Perm(in[2 * tid + 1], 1\2);
  ensures  Perm(out[2 * tid], write) ** Perm(out[2 * tid + 1], write);
  ensures  Perm(in[2 * tid], 1\2) ** Perm(in[2 * tid + 1], 1\2);
  ensures  out[2 * tid + 1] == in[2 * tid + 1];
@*/
__global__ void k(int *in, int *out) {
  memcpy(out + 2 * threadIdx.x, in + 2 * threadIdx.x, 2 * sizeof(int));
  int v[2];
  memset(v, 0xff, sizeof(v));
  __assert(v[1] == -1);
}
