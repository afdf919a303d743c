// A lookup table no thread writes, read at an index read from memory; work-items 2k
// and 2k + 1 write one cell of out.
__kernel void lookup(__global const uint *key, __constant int *table, __global int *out)
{
  size_t i = get_global_id(0);
  out[i / 2] = table[key[i] % 256];
}
