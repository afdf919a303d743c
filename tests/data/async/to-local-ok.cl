//pass
//--local_size=2 --num_groups=2
// A copy into local memory, waited for, then a barrier: each work-item reads a cell
// another may have moved.
__kernel void k(__global int *p, __global int *q) {
  __local int t[4];
  event_t e = async_work_group_copy(t, p + 4 * get_group_id(0), 4, 0);
  wait_group_events(1, &e);
  barrier(CLK_LOCAL_MEM_FENCE);
  q[get_global_id(0)] = t[(get_local_id(0) + 1) % 4];
}
