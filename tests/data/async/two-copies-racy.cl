//xfail:NOT_ALL_VERIFIED
//--local_size=2 --num_groups=1
// Two copies into t, each waited for, with no barrier between them: a cell may be
// moved by one work-item in the first copy and by the other in the second.
__kernel void k(__global int *p, __global int *q, __global int *r) {
  __local int t[2];
  event_t e = async_work_group_copy(t, p, 2, 0);
  wait_group_events(1, &e);
  e = async_work_group_copy(t, q, 2, 0);
  wait_group_events(1, &e);
  barrier(CLK_LOCAL_MEM_FENCE);
  r[get_local_id(0)] = t[get_local_id(0)];
}
