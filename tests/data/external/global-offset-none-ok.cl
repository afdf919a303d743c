//pass
//--local_size=4 --num_groups=2
// Without an offset in the launch it is 0: the ids are 0 to 7.
__kernel void k(__global int *out) {
  if (get_global_id(0) >= 8 || get_global_offset(0) != 0) out[0] = 1;
}
