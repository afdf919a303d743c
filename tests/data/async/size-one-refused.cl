//xfail:NOT_ALL_VERIFIED
//--local_size=1 --num_groups=1
// refused: unsupported.function
// The one work-item of its group writes t[0] while the copy into t may be in flight:
// undefined, but with no other work-item there is no race to report it by.
__kernel void k(__global int *p, __global int *q) {
  __local int t[2];
  event_t e = async_work_group_copy(t, p, 2, 0);
  t[0] = 5;
  wait_group_events(1, &e);
  barrier(CLK_LOCAL_MEM_FENCE);
  q[0] = t[0];
}
