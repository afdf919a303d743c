//pass
//--local_size=2 --num_groups=1
// Each work-item writes its cell of t, a barrier, then t is copied out.
__kernel void k(__global int *p) {
  __local int t[2];
  t[get_local_id(0)] = 7;
  barrier(CLK_LOCAL_MEM_FENCE);
  event_t e = async_work_group_copy(p, t, 2, 0);
  wait_group_events(1, &e);
}
