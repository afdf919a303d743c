//pass
//--local_size=2 --num_groups=1
// refused: unsupported.function
// The copy is waited for in the loop's first iteration: in flight at the loop's
// barrier in that iteration only.
__kernel void k(__global int *p, __global int *q, int n) {
  __local int t[2];
  event_t e = async_work_group_copy(t, p, 2, 0);
  for (int i = 0; i < n; i++) {
    barrier(CLK_LOCAL_MEM_FENCE);
    if (i == 0) {
      wait_group_events(1, &e);
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  q[get_local_id(0)] = t[1 - get_local_id(0)];
}
