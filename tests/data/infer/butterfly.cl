// A fast Walsh transform's butterfly (AMD APP SDK): work-item t owns the pair
// 2*step*(t/step) + t%step and the cell step above it; disjoint for step >= 1.
__kernel void butterfly(__global float *a, const int step)
{
  unsigned int t = get_global_id(0);
  const unsigned int pair = 2 * step * (t / step) + t % step;
  const unsigned int match = pair + step;
  float x = a[pair];
  float y = a[match];
  a[pair] = x + y;
  a[match] = x - y;
}
