//xfail:NOT_ALL_VERIFIED
//--local_size=2 --num_groups=1
// A barrier between the copy and its wait (GPUVerify's fail/test13): the copy may still
// be moving t[1] after the barrier, while work-item 1 reads it there.
__kernel void k(__global int *p, __global int *q) {
  __local int t[2];
  event_t e = async_work_group_copy(t, p, 2, 0);
  barrier(CLK_LOCAL_MEM_FENCE);
  q[get_local_id(0)] = t[get_local_id(0)];
  wait_group_events(1, &e);
}
