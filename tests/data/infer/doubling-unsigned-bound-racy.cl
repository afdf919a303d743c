// The twin of doubling-unsigned-bound.cl without the barrier between the read and the
// write: work-item l writes t[l] while work-item l + s reads it.
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
    t[l] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[get_global_id(0)] = t[l];
}
