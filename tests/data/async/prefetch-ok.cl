//pass
//--local_size=2 --num_groups=2
// prefetch is a hint to a cache: nothing is read or written.
__kernel void k(__global int *p) {
  prefetch(p + 2 * get_group_id(0), 2);
  p[get_global_id(0)] = 1;
}
