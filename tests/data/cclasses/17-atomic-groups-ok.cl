//pass
//--local_size=4 --num_groups=3
// A global counter shared by the groups and a local one per group, both atomic; each
// group's local counter read after a barrier.
__kernel void k(__global unsigned int *total, __global unsigned int *out) {
  __local unsigned int mine;
  if (get_local_id(0) == 0) mine = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_inc(total);
  atomic_add(&mine, 2u);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (get_local_id(0) == 0) out[get_group_id(0)] = mine;
}
