// The twin of read-only-whole.cl where work-item 0 also writes a cell of `m` that the
// others read: `m` is no longer read-only, and the race is found.
//--local_size=64 --num_groups=4
__kernel void colsum(__global float *out, __global float *m)
{
  int i = get_global_id(0);
  float acc = 0.0f;
  for (int t = 0; t < 4; t++) {
    for (int w = 0; w < 8; w++)
      acc += m[(t * 8 + w) * 256 + i];
  }
  if (i == 0)
    m[1] = acc;
  out[i] = acc;
}
