// The right of `&&` is read only where the left holds: work-item 0 does not read
// `in[-1]`.
//--local_size=64 --num_groups=4
__kernel void mark(__global const int *in, __global int *out)
{
  int i = get_global_id(0);
  out[i] = (i > 0 && in[i - 1] > 0) || (i == 0 || in[i] > 0);
}
