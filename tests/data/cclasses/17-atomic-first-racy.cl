//xfail:NOT_ALL_VERIFIED
//--local_size=4 --num_groups=2
// The winner's plain write is read by the others without a barrier between.
__kernel void k(__global int *out) {
  __local int flag;
  __local int winner;
  if (get_local_id(0) == 0) flag = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (atomic_cmpxchg(&flag, 0, 1) == 0) winner = (int)get_local_id(0);
  out[get_global_id(0)] = winner;
}
