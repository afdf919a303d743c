// butterfly.cl with the partner 2*step above the pair: work-item t's partner is
// work-item t + step's pair.
__kernel void butterfly(__global float *a, const int step)
{
  unsigned int t = get_global_id(0);
  const unsigned int pair = 2 * step * (t / step) + t % step;
  const unsigned int match = pair + 2 * step;
  float x = a[pair];
  float y = a[match];
  a[pair] = x + y;
  a[match] = x - y;
}
