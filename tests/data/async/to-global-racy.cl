//xfail:NOT_ALL_VERIFIED
//--local_size=2 --num_groups=2
// The twin of to-global-ok.cl: every group copies to the start of p, so two groups
// write p[0] (GPUVerify's async_work_group_copy/fail/test10).
__kernel void k(__global int *p) {
  __local int t[2];
  t[get_local_id(0)] = get_global_id(0);
  barrier(CLK_LOCAL_MEM_FENCE);
  event_t e = async_work_group_copy(p, t, 2, 0);
  wait_group_events(1, &e);
}
