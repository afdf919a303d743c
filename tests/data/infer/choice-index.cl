// Indices that choose between two cells (`flip ? a : b`): one permission per arm under
// its condition, quantified over the loop: the transposed read, and the write to the
// mirrored cell.
//--local_size=64 --num_groups=4
__kernel void pick(__global float *out, __global const float *m, const int flip)
{
  int i = get_global_id(0);
  float acc = 0.0f;
  for (int k = 0; k < 8; k++)
    acc += m[flip ? i * 8 + k : k * 256 + i];
  out[flip ? i : 255 - i] = acc;
}
