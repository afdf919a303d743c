//:: races race-free
// A pointer into one of two local arrays, chosen per half of the group; the neighbour's
// cell is read after the barrier.
__kernel void halves(__global int *out) {
  __local int a[256];
  __local int b[256];
  __local int *p;
  if (get_local_id(0) < get_local_size(0) / 2) {
    p = a;
  } else {
    p = b;
  }
  p[get_local_id(0)] = get_local_id(0);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = p[(get_local_id(0) + 1) % get_local_size(0)];
}
