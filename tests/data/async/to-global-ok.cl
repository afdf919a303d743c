//pass
//--local_size=2 --num_groups=2
// Local memory filled, a barrier, then copied out to each group's own part of p.
__kernel void k(__global int *p) {
  __local int t[2];
  t[get_local_id(0)] = get_global_id(0);
  barrier(CLK_LOCAL_MEM_FENCE);
  event_t e = async_work_group_copy(p + 2 * get_group_id(0), t, 2, 0);
  wait_group_events(1, &e);
}
