//:: races race-free
// The loop's condition holds on entry (0 < 4), so every thread runs the body, and its
// barrier, before it reads p[0]: no run goes from the writes to the read without one.
// (The barrier after the read puts the read in the kernel's first interval had the loop
// no iteration.)
__kernel void k(__local int *p, __global int *out) {
  for (int i = 0; i < 4; i++) {
    p[get_local_id(0)] = get_local_id(0) + i;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[get_global_id(0)] = p[0];
  barrier(CLK_LOCAL_MEM_FENCE);
  p[get_local_id(0)] = 1;
}
