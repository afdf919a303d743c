//xfail:NOT_ALL_VERIFIED
//--local_size=2 --num_groups=1
// Only work-item 1 reaches the copy (GPUVerify's fail/test7): undefined in OpenCL,
// divergence.collective.
__kernel void k(__global int *p, __global int *q) {
  __local int t[2];
  if (get_local_id(0) > 0) {
    event_t e = async_work_group_copy(t, p, 2, 0);
    wait_group_events(1, &e);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  q[get_local_id(0)] = t[get_local_id(0)];
}
