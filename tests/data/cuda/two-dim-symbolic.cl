//:: verdict verified
// No launch configuration: blocks and grid of symbolic 2-D sizes. Each thread owns one cell
// of a row-major tile in shared memory, named in the contract by lid.x and lid.y (get_local_id(0)
// and get_local_id(1)), and its cell of global memory by the global ids.
/*@
  context_everywhere gsize.z == 1 && ngroups.z == 1 && ngroups <= 4096 && gsize <= 1024;
  context_everywhere \length(out) == tcount;
  requires Perm(out[tid.y * tcount.x + tid.x], write);
  requires Perm(tile[lid.y * gsize.x + lid.x], write);
  ensures Perm(out[tid.y * tcount.x + tid.x], write);
@*/
__kernel void k(__global int *out) {
  __local int tile[1024];
  tile[get_local_id(1) * get_local_size(0) + get_local_id(0)] = get_local_id(0);
  out[get_global_id(1) * get_global_size(0) + get_global_id(0)] = 1;
}
