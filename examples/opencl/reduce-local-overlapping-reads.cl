//:: verdict fails barrier
//:: twin ../reduce-local-overlapping-reads.pvl
//:: note reduce-local.cl where the barrier hands read shares of tmp[lid + s / 2] to every work-item below s instead of below s / 2: the upper readers overlap the cells the lower ones write in the next round, so the group does not have these resources.
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
      ensures lid < s ==> Perm(tmp[lid + s / 2], read);
    @*/
    barrier(CLK_LOCAL_MEM_FENCE);
    s = s / 2;
  }
  if (l == 0) {
    out[get_group_id(0)] = tmp[0];
  }
}
