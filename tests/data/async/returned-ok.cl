//pass
//--local_size=2 --num_groups=2
// The twin of returned-racy.cl: the wait comes before the return.
__kernel void k(__global int *p, __global int *q, int n) {
  __local int t[2];
  event_t e = async_work_group_copy(t, p + 2 * get_group_id(0), 2, 0);
  barrier(CLK_LOCAL_MEM_FENCE);
  wait_group_events(1, &e);
  barrier(CLK_LOCAL_MEM_FENCE);
  q[get_global_id(0)] = t[1 - get_local_id(0)];
  if (n == 0) {
    return;
  }
  q[get_global_id(0)] += n;
}
