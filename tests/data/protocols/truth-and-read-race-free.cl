//:: races race-free
//--local_size=4 --num_groups=1
// truth-and-read-racy.cl with a barrier between thread 0's write and the reads.
__kernel void k(__local int *A, __global int *out) {
  if (get_local_id(0) == 0) A[0] = 1;
  barrier(CLK_LOCAL_MEM_FENCE);
  if ((get_local_id(0) > 100000u) & (A[0] == 1)) {
    out[0] = 1;
  }
}
