// The twin of short-circuit-read.cl reading its neighbour's output: work-item i reads
// out[i - 1], which work-item i - 1 writes.
//--local_size=64 --num_groups=4
__kernel void mark(__global const int *in, __global int *out)
{
  int i = get_global_id(0);
  out[i] = (i > 0 && out[i - 1] > 0) || (i == 0 || in[i] > 0);
}
