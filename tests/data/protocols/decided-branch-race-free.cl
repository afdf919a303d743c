//--local_size=64 --num_groups=16
//:: races race-free
// A barrier loop under `if (i < 1024)`, which reads the thread's id: the lock-step rule calls it
// non-uniform, and j with it. But the launch has 1024 threads, so every thread takes the branch,
// and j is uniform (races/decided.py). `j` is declared without a value and set where it is
// read only. `i / 64 < n` is the group's own: threads of one group decide it alike.
__kernel void k(__global float *out, __global const float *in, __local float *t, int n) {
  int i = get_global_id(0);
  int l = get_local_id(0);
  int j;
  if (i < 1024) {
    for (j = 0; j < n; j++) {
      barrier(CLK_LOCAL_MEM_FENCE);
      t[l] = in[i] + j;
      barrier(CLK_LOCAL_MEM_FENCE);
      out[i] += t[(l + 1) % 64];
    }
  }
  if (i / 64 < n) {
    barrier(CLK_LOCAL_MEM_FENCE);
    t[l] = 1.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[i] += t[63 - l];
  }
}
