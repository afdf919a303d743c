// A doubling counter of type int compared with an unsigned bound (C converts it: the
// mapping's `s % 2^32 < n`): read as counting against `n`, its invariant `1 <= s` says
// the conversion changes nothing, and the check proves it.  Host fact: n <= 64.
//--local_size=64 --num_groups=4
__kernel void spread(__global float *out, __local float *t, const unsigned int n)
{
  int l = get_local_id(0);
  t[l] = 1.0f;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int s = 1; s < n; s *= 2) {
    float v = 0.0f;
    if (l >= s)
      v = t[l - s];
    barrier(CLK_LOCAL_MEM_FENCE);
    t[l] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[get_global_id(0)] = t[l];
}
