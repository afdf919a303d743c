//xfail:NOT_ALL_VERIFIED
//--local_size=2 --num_groups=1
// The twin of before-copy-ok.cl without the barrier: the copy reads t[1] in the
// interval where work-item 1 writes it, and may be done by work-item 0 (the copy does
// not synchronise its source: GPUVerify's async_work_group_copy/fail/test4).
__kernel void k(__global int *p) {
  __local int t[2];
  t[get_local_id(0)] = 7;
  event_t e = async_work_group_copy(p, t, 2, 0);
  wait_group_events(1, &e);
}
