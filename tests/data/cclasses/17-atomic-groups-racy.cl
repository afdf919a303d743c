//xfail:NOT_ALL_VERIFIED
//--local_size=4 --num_groups=3
// The global counter read plainly after a barrier: the barrier orders a group, not the
// others, whose atomic updates race with the read.
__kernel void k(__global unsigned int *total, __global unsigned int *out) {
  __local unsigned int mine;
  if (get_local_id(0) == 0) mine = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_inc(total);
  atomic_add(&mine, 2u);
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  if (get_local_id(0) == 0) out[get_group_id(0)] = mine + *total;
}
