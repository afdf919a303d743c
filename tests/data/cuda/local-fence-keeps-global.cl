//:: verdict fails perm
// Across a barrier that fences only local memory each thread keeps its own global cells
// (no other thread can have them): the read of a[tid] after it needs nothing from the
// barrier, but the neighbour's cell is not the thread's.  The twin is
// local-fence-keeps-global-ok.cl.
/*@
  context_everywhere ngroups == 1;
  context_everywhere \length(a) == gsize && gsize <= 64;
  requires Perm(a[tid], write) ** Perm(t[lid], write);
  ensures  Perm(a[tid], write);
@*/
__kernel void keep(__global int *a) {
  __local int t[64];
  a[get_local_id(0)] = get_local_id(0);
  t[get_local_id(0)] = 1;
  /*@
    ensures Perm(t[(lid + 1) % gsize], read);
  @*/
  barrier(CLK_LOCAL_MEM_FENCE);
  a[get_local_id(0)] = a[(get_local_id(0) + 1) % get_local_size(0)] + t[(get_local_id(0) + 1) % get_local_size(0)];  //! perm.read
}
