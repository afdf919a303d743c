//xfail:NOT_ALL_VERIFIED
//--local_size=2 --num_groups=1
// The twin of in-flight-loop-ok.cl that reads t inside the loop: in the second
// iteration's interval the copy may still be moving t[1], which work-item 0 reads.
__kernel void k(__global int *p, __global int *q, __global int *r, int n) {
  __local int t[2];
  __local int s[2];
  event_t e = async_work_group_copy(t, p, 2, 0);
  s[get_local_id(0)] = 0;
  for (int i = 0; i < n; i++) {
    barrier(CLK_LOCAL_MEM_FENCE);
    int v = s[1 - get_local_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    s[get_local_id(0)] = v + (i > 0 ? t[1 - get_local_id(0)] : 1);
  }
  wait_group_events(1, &e);
  barrier(CLK_LOCAL_MEM_FENCE);
  q[get_local_id(0)] = t[1 - get_local_id(0)] + s[get_local_id(0)];
}
