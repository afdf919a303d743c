//xfail:NOT_ALL_VERIFIED
//--local_size=2 --num_groups=1
// Each work-item gives its own source (GPUVerify's fail/test6): the arguments must be
// the same in the whole group, divergence.collective.
__kernel void k(__global int *p, __global int *q) {
  __local int t[2];
  event_t e = async_work_group_copy(t, p + 2 * get_local_id(0), 2, 0);
  wait_group_events(1, &e);
  barrier(CLK_LOCAL_MEM_FENCE);
  q[get_local_id(0)] = t[get_local_id(0)];
}
