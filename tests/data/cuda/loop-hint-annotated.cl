//:: verdict verified
// A loop's invariants may stand between its unroll hint and the loop: the hint applies
// to the loop, and so do they (they are needed: without them the postcondition fails).
/*@
  context_everywhere ngroups == 1 && \length(a) == 2 * gsize;
  requires Perm(a[2 * lid], write) ** Perm(a[2 * lid + 1], write);
  ensures Perm(a[2 * lid], write) ** Perm(a[2 * lid + 1], write);
  ensures a[2 * lid + 1] == 1;
@*/
__kernel void k(__global int *a) {
  #pragma unroll 2
  //@ loop_invariant 0 <= i && i <= 2;
  //@ loop_invariant Perm(a[2 * lid], write) ** Perm(a[2 * lid + 1], write);
  //@ loop_invariant i == 2 ==> a[2 * lid + 1] == 1;
  for (int i = 0; i < 2; i++)
    a[2 * get_local_id(0) + i] = i;
  __attribute__((opencl_unroll_hint(2)))
  //@ loop_invariant 0 <= j && j <= 2;
  for (int j = 0; j < 2; j++)
    __assert(j < 2);
}
