//pass
//--local_size=2 --num_groups=2
// The twin of divergent-racy.cl: the condition is the group's, so every work-item of a
// group reaches the copy, or none.
__kernel void k(__global int *p, __global int *q) {
  __local int t[2];
  t[get_local_id(0)] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (get_group_id(0) > 0) {
    event_t e = async_work_group_copy(t, p, 2, 0);
    wait_group_events(1, &e);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  q[get_global_id(0)] = t[get_local_id(0)];
}
