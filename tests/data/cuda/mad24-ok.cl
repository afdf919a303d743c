//:: verdict verified
// OpenCL's mad24(x, y, z) is mul24(x, y) + z: with x in 24 bits, the sum of the product
// and z as an unsigned z wraps around as C's `+` of uint does.
/*@
  context_everywhere \length(out) == tcount;
  requires Perm(out[tid], write);
  ensures Perm(out[tid], write) ** out[tid] == 2 * x + 1;
@*/
__kernel void k(__global int *out, int x) {
  __requires(-4096 <= x && x < 4096);
  out[get_global_id(0)] = mad24(x, 2, 1);
  __assert(mad24(3u, 4u, 4294967295u) == 11u);
}
