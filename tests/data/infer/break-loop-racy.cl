// The first zero of each work-item's row, written over the row itself: the loop left by
// `break` reads cells that the next work-item writes.
__kernel void first_zero(__global int *in, int n)
{
  int g = get_global_id(0);
  int found = n;
  for (int i = 0; i <= n; i++) {
    if (in[g * n + i] == 0) {
      found = i;
      break;
    }
  }
  in[g * n] = found;
}
