//xfail:NOT_ALL_VERIFIED
//--local_size=2 --num_groups=1
// A work-item reads the cell of its own id right after the wait: which work-item moved
// it is not said, so it may be the other one, with no barrier between.
__kernel void k(__global int *p, __global int *q) {
  __local int t[2];
  event_t e = async_work_group_copy(t, p, 2, 0);
  wait_group_events(1, &e);
  q[get_local_id(0)] = t[get_local_id(0)];
}
