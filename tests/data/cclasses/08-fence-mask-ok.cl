//pass
//--local_size=4 --num_groups=1
// Class 8, the twin of 08-fence-mask-racy.cl: the mask keeps the global fence.
__kernel void k(__global int *a, __global int *b) {
  int i = get_local_id(0);
  a[i] = i;
  barrier((CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE) & CLK_GLOBAL_MEM_FENCE);
  b[i] = a[(i + 1) % get_local_size(0)];
}
