//:: verdict fails arith
// The twin of mad24-ok.cl whose signed sum may leave int: mad24's `+` is C's, and a
// signed overflow is reported.
/*@
  context_everywhere \length(out) == tcount;
  requires Perm(out[tid], write);
  ensures Perm(out[tid], write);
@*/
__kernel void k(__global int *out, int x, int z) {
  __requires(-4096 <= x && x < 4096);
  out[get_global_id(0)] = mad24(x, 2, z); //! arith.overflow
}
