//pass
//--local_size=1 --num_groups=2
// Groups of one work-item: it moves every element itself.
__kernel void k(__global int *p, __global int *q) {
  __local int t[2];
  event_t e = async_work_group_copy(t, p + 2 * get_group_id(0), 2, 0);
  wait_group_events(1, &e);
  barrier(CLK_LOCAL_MEM_FENCE);
  q[get_group_id(0)] = t[0] + t[1];
}
