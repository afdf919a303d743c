// The twin of strided-step-local.cl stepping by one less than the group: work-items
// iloc and iloc + 1 both write t[iloc + 63] (iloc + 63 = (iloc + 1) + 62).
//--local_size=64 --num_groups=4
__kernel void fill(__global int *out)
{
  __local int t[256];
  int iloc = get_local_id(0);
  int nloc = get_local_size(0);
  for (int k = iloc; k < 256; k += nloc - 1)
    t[k] = k;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = t[(iloc + 1) % nloc];
}
