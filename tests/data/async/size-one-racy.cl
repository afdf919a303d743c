//xfail:NOT_ALL_VERIFIED
//--local_size=1 --num_groups=2
// The twin of size-one-ok.cl copying out to the start of q in both groups.
__kernel void k(__global int *p, __global int *q) {
  __local int t[2];
  t[0] = 1;
  t[1] = 2;
  barrier(CLK_LOCAL_MEM_FENCE);
  event_t e = async_work_group_copy(q, t, 2, 0);
  wait_group_events(1, &e);
}
