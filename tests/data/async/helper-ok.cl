//pass
//--local_size=2 --num_groups=2
// A copy and its wait inside a helper inlined twice; barriers that fence both memories.
void load(__local int *t, __global int *p) {
  event_t e = async_work_group_copy(t, p, 2, 0);
  wait_group_events(1, &e);
}
__kernel void k(__global int *p, __global int *q) {
  __local int t[2];
  load(t, p + 2 * get_group_id(0));
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  q[get_global_id(0)] = t[1 - get_local_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  load(t, q + 2 * get_group_id(0));
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  p[get_global_id(0)] = t[1 - get_local_id(0)];
}
