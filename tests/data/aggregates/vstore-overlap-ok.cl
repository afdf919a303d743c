//pass
//--local_size=4 --num_groups=2
// vstore3 writes three cells from a + 3 * gid: consecutive threads meet nowhere.
__kernel void k(__global float *a, __global float4 *in) {
  float4 v = in[get_global_id(0)];
  vstore3(v.xyz, 0, a + 3 * get_global_id(0));
}
