// The first zero of each work-item's row: a loop left by `break`.
__kernel void first_zero(__global const int *in, __global int *out, int n)
{
  int g = get_global_id(0);
  int found = n;
  for (int i = 0; i < n; i++) {
    if (in[g * n + i] == 0) {
      found = i;
      break;
    }
  }
  out[g] = found;
}
