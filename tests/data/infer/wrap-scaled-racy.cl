// `(g * 65536) % 2^32 / 65536`: without a bound on the launch the product wraps, and
// work-items 0 and 65536 write the same cell: the wrap must stay in the contract.
__kernel void scaled(__global int *a)
{
  uint g = get_global_id(0);
  uint k = g * 65536u;
  a[k / 65536u] = 1;
}
