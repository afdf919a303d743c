//pass
//--local_size=2 --num_groups=2
// The twin of null-source-unknown.cl: every group has a group id below 2, so r is p.
__kernel void k(__global int *p, __global int *out) {
  __local int t[2];
  __global int *r = NULL;
  if (get_group_id(0) < 2) {
    r = p;
  }
  event_t e = async_work_group_copy(t, r + 2 * get_group_id(0), 2, 0);
  wait_group_events(1, &e);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = t[1 - get_local_id(0)];
}
