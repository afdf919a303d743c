//xfail:NOT_ALL_VERIFIED
//--local_size=4 --num_groups=2
// The twin of vstore-overlap-ok.cl: vstore4 writes four cells from a + 3 * gid, so its
// last cell is the next thread's first.
__kernel void k(__global float *a, __global float4 *in) {
  float4 v = in[get_global_id(0)];
  vstore4(v, 0, a + 3 * get_global_id(0));
}
