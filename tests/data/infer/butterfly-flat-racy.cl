// butterfly.cl with no zero digit inserted (step*(t/step) + t%step is t) and the partner
// 1 above it: work-item t's partner is work-item t + 1's pair.
__kernel void butterfly(__global float *a, const int step)
{
  unsigned int t = get_global_id(0);
  const unsigned int pair = step * (t / step) + t % step;
  const unsigned int match = pair + 1;
  float x = a[pair];
  float y = a[match];
  a[pair] = x + y;
  a[match] = x - y;
}
