//:: verdict verified
//--local_size=8 --num_groups=1
// A barrier empties the access logs of the arrays of the memory it fences (GPUVerify's
// reset at a barrier); a global array's only with one group, where the two threads
// GPUVerify pairs are always of the same group.  The twins are gvlog-barrier-space-wrong.cl
// (the other memory) and gvlog-barrier-groups-wrong.cl (two groups).
/*@
  context_everywhere \length(a) == tcount;
  requires Perm(a[tid], write) ** Perm(t[lid], write);
@*/
__kernel void k(__global int *a) {
  __local int t[8];
  t[get_local_id(0)] = 1;
  a[get_global_id(0)] = 2;
  __assert(__write_implies(t, __write_offset_bytes(t) == get_local_id(0) * 4));
  barrier(CLK_LOCAL_MEM_FENCE);
  __assert(!__write(t));
  barrier(CLK_GLOBAL_MEM_FENCE);
  __assert(!__write(a));
}
