//pass
//--local_size=2 --num_groups=1
// refused: unsupported.function
// The copy is called inside a block and in flight at a barrier after it: its
// arguments' values are not kept beyond the block.
__kernel void k(__global int *p, __global int *q) {
  __local int t[2];
  event_t e;
  {
    e = async_work_group_copy(t, p, 2, 0);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  wait_group_events(1, &e);
  barrier(CLK_LOCAL_MEM_FENCE);
  q[get_local_id(0)] = t[1 - get_local_id(0)];
}
