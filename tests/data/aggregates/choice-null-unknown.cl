//xfail:NOT_ALL_VERIFIED
//--local_size=2 --num_groups=2
// A vector written through a pointer that is NULL when n is 0 (GPUVerify's
// async_work_group_copy/fail/test15): undefined, so the races are unknown (bounds.null).
__kernel void k(__global float4 *p, __global float4 *q, int n) {
  __global float4 *r = n > 0 ? p : NULL;
  r[get_global_id(0)] = 2 * q[get_global_id(0)];
}
