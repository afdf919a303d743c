//:: verdict verified
// A define's value is C's, in its own type: `0u - 1` wraps around to 4294967295 and
// `10u` is 10; the annotation's own operators around it are the annotation language's
// (mathematical integers), so `TEN - 11` is -1.
#define ALL (0u - 1)
#define TEN 10u
/*@
  context_everywhere ngroups == 1 && \length(out) == gsize;
  requires Perm(out[tid], write);
  ensures  Perm(out[tid], write) ** out[tid] == ALL;
@*/
__global__ void k(unsigned *out) {
  out[threadIdx.x] = ALL;
  //@ assert ALL == 4294967295 && TEN - 11 == -1;
}
