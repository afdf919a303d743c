//xfail:NOT_ALL_VERIFIED
//--local_size=4 --num_groups=2
// OpenCL's fences do not synchronise work-items either.
__kernel void k(__local int *t, __global int *out) {
  t[get_local_id(0)] = 1;
  mem_fence(CLK_LOCAL_MEM_FENCE);
  write_mem_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  read_mem_fence(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = t[(get_local_id(0) + 1) % get_local_size(0)];
}
