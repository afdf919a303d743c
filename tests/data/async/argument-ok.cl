//pass
//--local_size=2 --num_groups=2
// The twin of argument-racy.cl: the source is the group's, the same in all its
// work-items.
__kernel void k(__global int *p, __global int *q) {
  __local int t[2];
  event_t e = async_work_group_copy(t, p + 2 * get_group_id(0), 2, 0);
  wait_group_events(1, &e);
  barrier(CLK_LOCAL_MEM_FENCE);
  q[get_global_id(0)] = t[get_local_id(0)];
}
