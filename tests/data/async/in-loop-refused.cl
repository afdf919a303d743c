//pass
//--local_size=2 --num_groups=1
// refused: unsupported.function
// A copy in a loop: each run is a copy with owners of its own, which the model does
// not give.
__kernel void k(__global int *p, __global int *q) {
  __local int t[2];
  for (int i = 0; i < 2; i++) {
    event_t e = async_work_group_copy(t, p + 2 * i, 2, 0);
    wait_group_events(1, &e);
    barrier(CLK_LOCAL_MEM_FENCE);
    q[2 * i + get_local_id(0)] = t[get_local_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
}
