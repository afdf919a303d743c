//:: verdict verified
// A variable whose address is taken is the thread's own memory; the pointer reaches it.
/*@
  context_everywhere ngroups == 1 && \length(out) == gsize;
  requires Perm(out[tid], write);
  ensures  Perm(out[tid], write);
@*/
__global__ void k(int *out) {
  int a = 0;
  int *p = &a;
  *p = 7;
  out[threadIdx.x] = a;
}
