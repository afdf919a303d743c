//pass
//--local_size=2 --num_groups=2
// The twin of in-flight-source-racy.cl: the source is written after the wait and the
// barrier that follows it, when no copy may read it any more.
__kernel void k(__global int *p, __global int *q, __global int *r) {
  __local int t[2];
  event_t e = async_work_group_copy(t, p + 2 * get_group_id(0), 2, 0);
  q[2 * get_group_id(0) + get_local_id(0)] = get_local_id(0);
  barrier(CLK_GLOBAL_MEM_FENCE);
  int other = q[2 * get_group_id(0) + (1 - get_local_id(0))];
  wait_group_events(1, &e);
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  p[2 * get_group_id(0) + get_local_id(0)] = other;
  r[get_global_id(0)] = t[1 - get_local_id(0)];
}
