// A loop stepping by a local that holds the group's size (`k += nloc`): its invariant
// states the step by its value, `gsize`, which is never zero (the local's value is
// stated nowhere in the invariant).
//--local_size=64 --num_groups=4
__kernel void fill(__global int *out)
{
  __local int t[256];
  int iloc = get_local_id(0);
  int nloc = get_local_size(0);
  for (int k = iloc; k < 256; k += nloc)
    t[k] = k;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = t[(iloc + 1) % nloc];
}
