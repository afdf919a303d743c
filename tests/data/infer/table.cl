// A lookup table no thread writes, read at an index read from memory.
__kernel void lookup(__global const uint *key, __constant int *table, __global int *out)
{
  size_t i = get_global_id(0);
  out[i] = table[key[i] % 256];
}
