//pass
//--local_size=1 --num_groups=1
// refused: unsupported.function
// Two copies in flight at once, the second reading what the first writes: undefined,
// but the group's one work-item is the owner of both.
__kernel void k(__global int *p, __global int *q) {
  __local int t[2];
  event_t es[2];
  es[0] = async_work_group_copy(t, p, 2, 0);
  es[1] = async_work_group_copy(q, t, 2, 0);
  wait_group_events(2, es);
}
