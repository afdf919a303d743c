//xfail:NOT_ALL_VERIFIED
//--local_size=4 --num_groups=2 --global_offset=4
// get_global_id includes the launch's offset: the ids are 4 to 11, so work-items 8 to
// 11 all write out[0].
__kernel void k(__global int *out) {
  if (get_global_id(0) >= 8) out[0] = 1;
  out[get_global_id(0) - get_global_offset(0) + 1] = 2;
}
