//pass
//--local_size=4 --num_groups=2 --global_offset=4
// The twin of global-offset-racy.cl: no id reaches 12.
__kernel void k(__global int *out) {
  if (get_global_id(0) >= 12) out[0] = 1;
  out[get_global_id(0) - get_global_offset(0) + 1] = 2;
}
