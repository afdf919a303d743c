// A 2-D index in unsigned arithmetic converted to int (`int c = x + y * width`): the
// host's fact that the launch has at most 2^31 - 1 work-items keeps it below 2^31, so
// neither wrap happens; intervals alone cannot see it (x < width bounds the sum only
// together with y < height), the solver proves it (sobel-filter.cl).
__kernel void plane(__global int *out)
{
  uint x = get_global_id(0);
  uint y = get_global_id(1);
  uint width = get_global_size(0);
  int c = x + y * width;
  out[c] = 1;
}
