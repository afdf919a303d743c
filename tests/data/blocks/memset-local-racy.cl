//xfail:NOT_ALL_VERIFIED
//--local_size=4 --num_groups=2
// Two ints per work-item from cell lid: the next work-item sets cell lid + 1 as well.
__kernel void k(__global int *out) {
  __local int A[8];
  __builtin_memset(A + get_local_id(0), 0, 2 * sizeof(int));
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = A[get_local_id(0)];
}
