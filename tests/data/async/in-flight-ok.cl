//pass
//--local_size=2 --num_groups=2
// The twin of in-flight-racy.cl: across the barrier the copy is in flight, and the
// work-items only exchange values through q; t is read after the wait and a barrier.
__kernel void k(__global int *p, __global int *q, __global int *r) {
  __local int t[2];
  event_t e = async_work_group_copy(t, p + 2 * get_group_id(0), 2, 0);
  q[2 * get_group_id(0) + get_local_id(0)] = get_local_id(0);
  barrier(CLK_GLOBAL_MEM_FENCE);
  int other = q[2 * get_group_id(0) + (1 - get_local_id(0))];
  wait_group_events(1, &e);
  barrier(CLK_LOCAL_MEM_FENCE);
  r[get_global_id(0)] = t[1 - get_local_id(0)] + other;
}
