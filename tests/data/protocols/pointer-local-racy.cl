//:: races racy
// The twin of pointer-local-race-free.cl without the barrier: the neighbour's cell may be
// read before it is written.
__kernel void halves(__global int *out) {
  __local int a[256];
  __local int b[256];
  __local int *p;
  if (get_local_id(0) < get_local_size(0) / 2) {
    p = a;
  } else {
    p = b;
  }
  p[get_local_id(0)] = get_local_id(0);  //! race.data
  out[get_global_id(0)] = p[(get_local_id(0) + 1) % get_local_size(0)];
}
