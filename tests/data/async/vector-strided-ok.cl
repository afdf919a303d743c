//pass
//--local_size=2 --num_groups=2
// A strided copy of float4 elements (four cells each): group g reads elements 2g and
// 2g + 3 of p; every work-item writes q.
__kernel void k(__global float4 *p, __global float4 *q) {
  __local float4 t[2];
  event_t e = async_work_group_strided_copy(t, p + 2 * get_group_id(0), 2, 3, 0);
  wait_group_events(1, &e);
  barrier(CLK_LOCAL_MEM_FENCE);
  q[get_global_id(0)].y = t[1 - get_local_id(0)].x;
}
