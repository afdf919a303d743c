//xfail:NOT_ALL_VERIFIED
//--local_size=4 --num_groups=2
// The twin of vstore-lanes-local-ok.cl: vstore2 at l / 2, so threads 0 and 1 of a group
// write the same two lanes.
__kernel void k(__global int *out) {
  __local int t[8];
  int l = get_local_id(0);
  vstore2((int2)(l, -l), l / 2, t);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = t[(l + 1) % 4 * 2 + 1];
}
