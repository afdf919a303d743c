//:: verdict verified
// A loop under `#pragma unroll` and under OpenCL's unroll attribute is the loop itself:
// clang keeps the hint beside the loop (an attributed statement), and nothing else.
/*@
  context_everywhere ngroups == 1 && \length(a) == 2 * gsize;
  requires Perm(a[2 * lid], write) ** Perm(a[2 * lid + 1], write);
  ensures Perm(a[2 * lid], write) ** Perm(a[2 * lid + 1], write);
  ensures a[2 * lid + 1] == 1;
@*/
__kernel void k(__global int *a) {
  //@ loop_invariant 0 <= i && i <= 2;
  //@ loop_invariant Perm(a[2 * lid], write) ** Perm(a[2 * lid + 1], write);
  //@ loop_invariant i == 2 ==> a[2 * lid + 1] == 1;
  #pragma unroll 2
  for (int i = 0; i < 2; i++)
    a[2 * get_local_id(0) + i] = i;
  __attribute__((opencl_unroll_hint(2)))
  for (int i = 0; i < 2; i++)
    __assert(i < 2);
}
