//pass
//--local_size=2 --num_groups=2
// A strided copy in: group g reads p[g], p[g + 2]; every work-item writes q only.
__kernel void k(__global int *p, __global int *q) {
  __local int t[2];
  event_t e = async_work_group_strided_copy(t, p + get_group_id(0), 2, get_num_groups(0), 0);
  wait_group_events(1, &e);
  barrier(CLK_LOCAL_MEM_FENCE);
  q[get_global_id(0)] = t[1 - get_local_id(0)];
}
