//pass
//--local_size=2 --num_groups=2
// Events: an array of two, a copy joining another's event, one wait for all of them.
__kernel void k(__global int *p, __global int *q, __global int *r) {
  __local int a[2];
  __local int b[2];
  __local int c[2];
  event_t es[2];
  es[0] = async_work_group_copy(a, p + 2 * get_group_id(0), 2, 0);
  es[1] = async_work_group_copy(b, q + 2 * get_group_id(0), 2, 0);
  async_work_group_copy(c, q + 2 * get_group_id(0), 2, es[1]);
  wait_group_events(2, es);
  barrier(CLK_LOCAL_MEM_FENCE);
  r[get_global_id(0)] = a[1 - get_local_id(0)] + b[1 - get_local_id(0)] + c[get_local_id(0)];
}
