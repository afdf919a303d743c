//--local_size=64 --num_groups=16
//:: races racy
// The twin of decided-branch-race-free.cl whose branch the last group's threads 1000 .. 1023
// do not take: they skip the barriers the others wait at; and `i % 64 < n`, unlike `i / 64 < n`,
// differs between the threads of a group.
__kernel void k(__global float *out, __global const float *in, __local float *t, int n) {
  int i = get_global_id(0);
  int l = get_local_id(0);
  int j;
  if (i < 1000) {
    for (j = 0; j < n; j++) { //! divergence.uniform-assign
      barrier(CLK_LOCAL_MEM_FENCE); //! divergence.barrier
      t[l] = in[i] + j;
      barrier(CLK_LOCAL_MEM_FENCE); //! divergence.barrier
      out[i] += t[(l + 1) % 64];
    }
  }
  if (i % 64 < n) {
    barrier(CLK_LOCAL_MEM_FENCE); //! divergence.barrier
    t[l] = 1.0f;
    barrier(CLK_LOCAL_MEM_FENCE); //! divergence.barrier
    out[i] += t[63 - l];
  }
}
