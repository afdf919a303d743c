// `base` steps by 4 once per iteration of a counted loop: its value at the head is
// `g * 16 + k * 4`, and each work-item writes 4 cells of its own 16.
__kernel void spread(__global int *out)
{
  int g = get_global_id(0);
  int base = g * 16;
  #pragma unroll
  for (int k = 0; k < 4; k++) {
    out[base] = k;
    base += 4;
  }
}
