// A signed counter compared with an unsigned bound: C converts it, `i % 2^32 < n`.
__kernel void fill(__global int *a, uint n)
{
  int g = get_global_id(0);
  for (int i = 0; i < n; i++)
    a[g * 4 + i] = i;
}
