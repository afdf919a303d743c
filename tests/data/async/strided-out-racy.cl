//xfail:NOT_ALL_VERIFIED
//--local_size=2 --num_groups=2
// The twin of strided-out-ok.cl with a stride of 1: group 0 writes p[0..2] and group 1
// p[1..3].
__kernel void k(__global int *p) {
  __local int t[3];
  if (get_local_id(0) == 0) {
    t[0] = 1; t[1] = 2; t[2] = 3;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  event_t e = async_work_group_strided_copy(p + get_group_id(0), t, 3, 1, 0);
  wait_group_events(1, &e);
}
