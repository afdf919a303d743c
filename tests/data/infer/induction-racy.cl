// `base` steps by 8 once per iteration of a counted loop: a work-item's last cells are
// the next work-item's first ones.
__kernel void spread(__global int *out)
{
  int g = get_global_id(0);
  int base = g * 16;
  #pragma unroll
  for (int k = 0; k < 4; k++) {
    out[base] = k;
    base += 8;
  }
}
