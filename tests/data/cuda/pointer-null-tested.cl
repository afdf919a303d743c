//:: verdict verified
// A pointer that may be NULL, written through only where it is not.
/*@
  context_everywhere ngroups == 1;
  context_everywhere \length(a) == gsize;
  requires Perm(a[tid], write);
  ensures  Perm(a[tid], write);
@*/
__kernel void k(__global int *a, int c) {
  __global int *p = c ? a : NULL;
  if (p != NULL) {
    p[get_local_id(0)] = 1;
  }
  if (p) {
    p[get_local_id(0)] += 1;
  }
}
