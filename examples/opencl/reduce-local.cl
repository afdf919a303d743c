//:: verdict verified
//:: twin ../reduce-local.pvl
//:: note Tree reduction in each group's local memory with the permissions of reduce-local.pvl: in the round with stride s, work-item l < s combines tmp[l + s] into tmp[l]. It takes the maximum rather than the sum: a sum of arbitrary ints may overflow (arith.overflow), and bounding the partial sums needs functional invariants the permission-only contract does not have. The group size is bounded by the size of tmp.
/*@
  context_everywhere gsize <= 256;
  context_everywhere \length(input) == tcount && \length(out) == ngroups;
  requires Perm(input[tid], read);
  requires Perm(tmp[lid], write);
  requires lid == 0 ==> Perm(out[gid], write);
@*/
__kernel void reduce(__global const int *input, __global int *out) {
  __local int tmp[256];
  int l = get_local_id(0);
  tmp[l] = input[get_global_id(0)];
  int s = get_local_size(0) / 2;
  /*@
    requires s == gsize / 2;
    ensures s == gsize / 2;
    ensures (lid < s || lid == 0) ==> Perm(tmp[lid], write);
    ensures lid < s ==> Perm(tmp[lid + s], read);
  @*/
  barrier(CLK_LOCAL_MEM_FENCE);
  /*@
    loop_invariant 0 <= s && s <= gsize / 2;
    loop_invariant (lid < s || lid == 0) ==> Perm(tmp[lid], write);
    loop_invariant lid < s ==> Perm(tmp[lid + s], read);
    loop_invariant lid == 0 ==> Perm(out[gid], write);
  @*/
  while (s > 0) {
    if (l < s) {
      tmp[l] = max(tmp[l], tmp[l + s]);
    }
    /*@
      requires 0 < s && s <= gsize / 2;
      ensures 0 < s && s <= gsize / 2;
      ensures (lid < s / 2 || lid == 0) ==> Perm(tmp[lid], write);
      ensures lid < s / 2 ==> Perm(tmp[lid + s / 2], read);
    @*/
    barrier(CLK_LOCAL_MEM_FENCE);
    s = s / 2;
  }
  if (l == 0) {
    out[get_group_id(0)] = tmp[0];
  }
}
