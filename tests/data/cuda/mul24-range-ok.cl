//:: verdict verified
// The twin of mul24-range.cl with the operand within 24 bits.
/*@
  context_everywhere \length(out) == tcount;
  requires Perm(out[tid], write);
  ensures Perm(out[tid], write) ** out[tid] == 2 * x;
@*/
__kernel void k(__global int *out, int x) {
  __requires(-4096 <= x && x < 4096);
  out[get_global_id(0)] = mul24(x, 2);
}
