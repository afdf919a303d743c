//pass
//--local_size=4 --num_groups=2
// Two ints per work-item from cell 2 * lid: every cell set once, read after the barrier.
__kernel void k(__global int *out) {
  __local int A[8];
  __builtin_memset(A + 2 * get_local_id(0), 0, 2 * sizeof(int));
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = A[7 - get_local_id(0)];
}
