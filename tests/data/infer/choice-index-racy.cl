// The twin of choice-index.cl whose second arm halves: where `flip` is 0, work-items
// 2j and 2j + 1 both write out[j].
//--local_size=64 --num_groups=4
__kernel void pick(__global float *out, __global const float *m, const int flip)
{
  int i = get_global_id(0);
  float acc = 0.0f;
  for (int k = 0; k < 8; k++)
    acc += m[flip ? i * 8 + k : k * 256 + i];
  out[flip ? i : i / 2] = acc;
}
