//xfail:NOT_ALL_VERIFIED
//--local_size=2 --num_groups=2
// The twin of to-local-ok.cl without the barrier: the wait completes the copy, but the
// cell may have been moved by the other work-item, which no barrier orders.
__kernel void k(__global int *p, __global int *q) {
  __local int t[4];
  event_t e = async_work_group_copy(t, p + 4 * get_group_id(0), 4, 0);
  wait_group_events(1, &e);
  q[get_global_id(0)] = t[(get_local_id(0) + 1) % 4];
}
