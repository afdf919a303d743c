//pass
//--local_size=2 --num_groups=2
// A strided copy out: group g writes p[g], p[g + 2], p[g + 4], ...: every group its own
// cells (the stride is on the global side, the destination).
__kernel void k(__global int *p) {
  __local int t[3];
  if (get_local_id(0) == 0) {
    t[0] = 1; t[1] = 2; t[2] = 3;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  event_t e = async_work_group_strided_copy(p + get_group_id(0), t, 3, get_num_groups(0), 0);
  wait_group_events(1, &e);
}
