//pass
//--local_size=4 --num_groups=2
// vstore2 writes lanes 2 * lid and 2 * lid + 1 of the group's local buffer: the threads
// of a group meet nowhere, and each group has its own buffer.
__kernel void k(__global int *out) {
  __local int t[8];
  int l = get_local_id(0);
  vstore2((int2)(l, -l), l, t);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = t[(l + 1) % 4 * 2 + 1];
}
