//xfail:NOT_ALL_VERIFIED
//--local_size=2 --num_groups=2
// The twin of vector-strided-ok.cl writing p: group 0's copy reads element 3 of p,
// which work-item (1, 1) writes, and no barrier orders two groups (the barrier fences
// local memory only anyway).
__kernel void k(__global float4 *p, __global float4 *q) {
  __local float4 t[2];
  event_t e = async_work_group_strided_copy(t, p + 2 * get_group_id(0), 2, 3, 0);
  wait_group_events(1, &e);
  barrier(CLK_LOCAL_MEM_FENCE);
  p[get_global_id(0)].y = t[1 - get_local_id(0)].x;
}
