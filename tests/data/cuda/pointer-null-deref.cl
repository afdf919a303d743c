//:: verdict fails bounds
// The twin of pointer-null-tested.cl without the test: undefined when c is 0.
/*@
  context_everywhere ngroups == 1;
  context_everywhere \length(a) == gsize;
  requires Perm(a[tid], write);
  ensures  Perm(a[tid], write);
@*/
__kernel void k(__global int *a, int c) {
  __global int *p = c ? a : NULL;
  p[get_local_id(0)] = 1; //! bounds.null
}
