//xfail:NOT_ALL_VERIFIED
//--local_size=2 --num_groups=2
// The twin of in-flight-ok.cl that writes the copy's source after the barrier and
// before the wait: the copy may read p[2g + 1] there, as work-item 1 writes it.
__kernel void k(__global int *p, __global int *q, __global int *r) {
  __local int t[2];
  event_t e = async_work_group_copy(t, p + 2 * get_group_id(0), 2, 0);
  q[2 * get_group_id(0) + get_local_id(0)] = get_local_id(0);
  barrier(CLK_GLOBAL_MEM_FENCE);
  p[2 * get_group_id(0) + get_local_id(0)] = q[2 * get_group_id(0) + (1 - get_local_id(0))];
  wait_group_events(1, &e);
  barrier(CLK_LOCAL_MEM_FENCE);
  r[get_global_id(0)] = t[1 - get_local_id(0)];
}
