//:: verdict fails loop
// The twin of loop-hint-annotated.cl whose invariant after the hint is wrong: it is the
// loop's, so it is checked (before, it was dropped and nothing was reported).
/*@
  context_everywhere ngroups == 1 && \length(a) == 2 * gsize;
  requires Perm(a[2 * lid], write) ** Perm(a[2 * lid + 1], write);
  ensures Perm(a[2 * lid], write) ** Perm(a[2 * lid + 1], write);
@*/
__kernel void k(__global int *a) {
  #pragma unroll 2
  //@ loop_invariant 0 <= i && i <= 2;
  //@ loop_invariant Perm(a[2 * lid], write) ** Perm(a[2 * lid + 1], write);
  //@ loop_invariant i > 0 ==> a[2 * lid] == 1; //! loop.maintain
  for (int i = 0; i < 2; i++)
    a[2 * get_local_id(0) + i] = i;
}
