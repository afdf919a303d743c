//xfail:NOT_ALL_VERIFIED
//--local_size=2 --num_groups=2
// The twin of pointer-choice-ok.cl choosing by the work-item: the work-items of a group
// copy from different arrays, divergence.collective.
__kernel void k(__global int *p, __global int *q, __global int *out) {
  __local int t[2];
  __global int *r;
  if (get_local_id(0) == 1) {
    r = p;
  } else {
    r = q;
  }
  event_t e = async_work_group_copy(t, r + 2 * get_group_id(0), 2, 0);
  wait_group_events(1, &e);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = t[1 - get_local_id(0)];
}
