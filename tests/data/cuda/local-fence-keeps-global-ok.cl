//:: verdict verified
// The twin of local-fence-keeps-global.cl: after a barrier that fences only local memory
// the thread reads its own global cell, which it kept, and its neighbour's local cell,
// which the barrier handed over.
/*@
  context_everywhere ngroups == 1;
  context_everywhere \length(a) == gsize && gsize <= 64;
  requires Perm(a[tid], write) ** Perm(t[lid], write);
  ensures  Perm(a[tid], write) ** a[tid] == tid + 1;
@*/
__kernel void keep(__global int *a) {
  __local int t[64];
  a[get_local_id(0)] = get_local_id(0);
  t[get_local_id(0)] = 1;
  /*@
    requires t[lid] == 1;
    ensures Perm(t[(lid + 1) % gsize], read) ** t[(lid + 1) % gsize] == 1;
  @*/
  barrier(CLK_LOCAL_MEM_FENCE);
  a[get_local_id(0)] = a[get_local_id(0)] + t[(get_local_id(0) + 1) % get_local_size(0)];
}
