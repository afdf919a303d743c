//:: verdict fails assert
// The twin of macro-unsigned.cu that reads `0u - 1` as -1: C says 4294967295.
#define ALL (0u - 1)
/*@
  context_everywhere ngroups == 1 && \length(out) == gsize;
  requires Perm(out[tid], write);
  ensures  Perm(out[tid], write);
@*/
__global__ void k(unsigned *out) {
  out[threadIdx.x] = ALL;
  //@ assert ALL == -1; //! assert.failed
}
