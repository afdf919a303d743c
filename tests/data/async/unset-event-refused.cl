//pass
//--local_size=2 --num_groups=1
// refused: unsupported.function
// The copy is given an event that was never set, and its own event is dropped (as the
// Khronos OpenCL-SDK's reduce sample does): whether the wait completes it depends on a
// value C leaves indeterminate. Writing `read = async_work_group_copy(...)` with the
// event 0 is the twin that is followed (to-local-ok.cl).
__kernel void k(__global int *p, __global int *q) {
  __local int t[2];
  event_t read;
  async_work_group_copy(t, p, 2, read);
  wait_group_events(1, &read);
  barrier(CLK_LOCAL_MEM_FENCE);
  q[get_local_id(0)] = t[1 - get_local_id(0)];
}
