//:: races racy
// In OpenCL, as GPUVerify reads it, a barrier with only the global fence does not order the
// accesses to local memory: the neighbour's cell may be read before it is written.
__kernel void shift(__global int *a) {
  __local int t[256];
  t[get_local_id(0)] = a[get_global_id(0)];  //! race.data
  barrier(CLK_GLOBAL_MEM_FENCE);
  a[get_global_id(0)] = t[(get_local_id(0) + 1) % get_local_size(0)];
}
