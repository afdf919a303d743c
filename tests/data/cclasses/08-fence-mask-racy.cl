//xfail:NOT_ALL_VERIFIED
//--local_size=4 --num_groups=1
// Class 8: (CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE) & CLK_LOCAL_MEM_FENCE is
// CLK_LOCAL_MEM_FENCE, so the exchange through global memory races.
__kernel void k(__global int *a, __global int *b) {
  int i = get_local_id(0);
  a[i] = i;
  barrier((CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE) & CLK_LOCAL_MEM_FENCE);
  b[i] = a[(i + 1) % get_local_size(0)];
}
