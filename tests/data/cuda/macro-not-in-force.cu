//:: verdict rejected type
// A macro that is not in force where the annotation stands is no name there: defined
// only after it, undefined before it, or function-like and named without arguments
// (C does not expand it either).
#define GONE 3
#undef GONE
#define SQ(x) ((x) * (x))
/*@
  context_everywhere ngroups == 1 && \length(out) == gsize;
  requires Perm(out[tid], write);
  ensures  Perm(out[tid], write);
@*/
__global__ void k(int *out) {
  out[threadIdx.x] = 0;
  //@ assert LATER == 3; //! type.unknown-name
  //@ assert GONE == 3; //! type.unknown-name
  //@ assert SQ == 3; //! type.unknown-name
}
#define LATER 3
