//pass
//--local_size=2 --num_groups=2
// The twin of choice-null-unknown.cl: the write is guarded by r != NULL.
__kernel void k(__global float4 *p, __global float4 *q, int n) {
  __global float4 *r = n > 0 ? p : NULL;
  if (r != NULL) {
    r[get_global_id(0)] = 2 * q[get_global_id(0)];
  }
}
