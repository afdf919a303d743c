//:: races race-free
// A pointer into one of two global arrays, chosen by the thread: each thread writes its
// own cell of the array its pointer names, in two work groups.
__kernel void pick(__global int *a, __global int *b) {
  __global int *p = get_local_id(0) % 2 ? a : b;
  p[get_global_id(0)] = 1;
}
