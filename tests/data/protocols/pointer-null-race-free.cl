//:: races race-free
// A pointer that may be NULL, written through only where it is not.
__kernel void maybe(__global int *a, int use) {
  __global int *p = use ? a : NULL;
  if (p != NULL) {
    p[get_global_id(0)] = 1;
  }
}
