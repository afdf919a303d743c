//xfail:NOT_ALL_VERIFIED
//--local_size=2 --num_groups=1
// The second event of the array is not waited for (GPUVerify's fail/test2): the copy
// may be in flight when the kernel ends, which OpenCL leaves undefined
// (divergence.unwaited).
__kernel void k(__global int *p, __global int *q) {
  __local int a[2];
  __local int b[2];
  event_t es[2];
  es[0] = async_work_group_copy(a, p, 2, 0);
  es[1] = async_work_group_copy(b, q, 2, 0);
  wait_group_events(1, es);
}
