// Every work-item reads the first two cells of the tile and its own (a scan's first
// step): a read share each, which all 64 may hold (1\3 each would be more than the
// cell).  Both arms of the `if` write the same cell: its permission needs no condition.
//--local_size=64 --num_groups=4
__kernel void head(__global unsigned int *out, __local unsigned int *t)
{
  int l = get_local_id(0);
  t[l] = l;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (l == 0)
    out[get_global_id(0)] = t[0];
  else
    out[get_global_id(0)] = t[0] + t[1] + t[l];
}
