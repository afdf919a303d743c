//xfail:NOT_ALL_VERIFIED
//--local_size=2 --num_groups=2
// The twin of prefetch-ok.cl: the race is the writes', the prefetch adds none.
__kernel void k(__global int *p) {
  prefetch(p + 2 * get_group_id(0), 2);
  p[get_local_id(0)] = 1;
}
