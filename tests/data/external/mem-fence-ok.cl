//pass
//--local_size=4 --num_groups=2
// The twin of mem-fence-racy.cl with a barrier.
__kernel void k(__local int *t, __global int *out) {
  t[get_local_id(0)] = 1;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = t[(get_local_id(0) + 1) % get_local_size(0)];
}
