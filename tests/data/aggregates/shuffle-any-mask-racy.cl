//xfail:NOT_ALL_VERIFIED
//--local_size=4 --num_groups=2
// The twin of shuffle-any-mask-ok.cl: a mask the kernel does not know may name the
// component that is 0 in every work-item.
__kernel void k(__global int *out, uint4 mask) {
  int4 ids = (int4){get_global_id(0), get_global_id(0), get_global_id(0), 0};
  int4 r = shuffle(ids, mask);
  out[((int *) &r)[0]] = 1;
}
