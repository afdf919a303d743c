//xfail:NOT_ALL_VERIFIED
//--local_size=4 --num_groups=2
// The twin of shuffle-mask-ok.cl: mask 5 names component 1 (5 % 4), which is 0 in every
// work-item, so all of them write out[0].
__kernel void k(__global int *out) {
  int4 ids = (int4){get_global_id(0), 0, 0, 0};
  int4 r = shuffle(ids, (uint4){5, 4, 2, 3});
  out[((int *) &r)[0]] = 1;
}
