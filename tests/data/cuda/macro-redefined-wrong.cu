//:: verdict fails assert
// The twin of macro-redefined.cu: after the `#undef` and the new `#define`, N is 8, not
// the 4 the cell holds.
#define N 4
/*@
  context_everywhere ngroups == 1 && \length(out) == gsize;
  requires Perm(out[tid], write);
  ensures  Perm(out[tid], write);
@*/
__global__ void k(int *out) {
  out[threadIdx.x] = N;
#undef N
#define N 8
  //@ assert out[tid] == N; //! assert.failed
}
