//xfail:NOT_ALL_VERIFIED
//--local_size=4 --num_groups=2
// The twin of local-int3-padding-ok.cl: cell 4l + 6 is component z of element l + 1,
// which thread l + 1 writes.
__kernel void k(__global int *out) {
  __local int3 t[4];
  t[get_local_id(0)].z = 1;
  __local int *cells = (__local int *) t;
  out[get_global_id(0)] = cells[(4 * get_local_id(0) + 6) % 16];
}
