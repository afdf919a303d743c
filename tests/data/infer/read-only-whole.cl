// An array no work-item writes (`m`): a read share of all of it at every point, one
// chunk the solver inverts at once, instead of the accesses' cells over two counters.
//--local_size=64 --num_groups=4
__kernel void colsum(__global float *out, __global const float *m)
{
  int i = get_global_id(0);
  float acc = 0.0f;
  for (int t = 0; t < 4; t++) {
    for (int w = 0; w < 8; w++)
      acc += m[(t * 8 + w) * 256 + i];
  }
  out[i] = acc;
}
