//:: races race-free
// The OpenCL twin of shared-neighbour-racy.cu, with the barrier.
__kernel void shift(__global int *a) {
  __local int t[256];
  t[get_local_id(0)] = a[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  a[get_global_id(0)] = t[(get_local_id(0) + 1) % get_local_size(0)];
}
