// The twin of broadcast-read.cl without its barrier: work-item 0 writes t[0] while the
// others read it.
//--local_size=64 --num_groups=4
__kernel void head(__global unsigned int *out, __local unsigned int *t)
{
  int l = get_local_id(0);
  t[l] = l;
  if (l == 0)
    out[get_global_id(0)] = t[0];
  else
    out[get_global_id(0)] = t[0] + t[1] + t[l];
}
