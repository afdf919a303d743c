//xfail:NOT_ALL_VERIFIED
//--local_size=2 --num_groups=2
// The twin of choice-vector-ok.cl in which work-item 0 reads b[1], which work-item 1
// writes through r: a race through one of the pointer's two arrays only.
__kernel void k(__global float4 *p, __global float *out) {
  __local float4 a[2];
  __local float4 b[2];
  if (get_local_id(0) == 0) {
    a[1] = (float4)(0.0f);
    b[0] = (float4)(0.0f);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  __local float4 *r = get_local_id(0) == 0 ? a : b;
  r[get_local_id(0)] = 2 * p[get_global_id(0)];
  r[get_local_id(0)].y += 1.0f;
  float4 w = get_local_id(0) == 0 ? b[1] : a[1];
  out[get_global_id(0)] = w.y + r[get_local_id(0)].x;
}
