//xfail:NOT_ALL_VERIFIED
//--local_size=4 --num_groups=2
// The twin of shuffle2-mask-ok.cl: shuffle2 of two 4-component vectors takes a mask
// component modulo 8, so 8 names x's component 0, which is 0 in every work-item.
__kernel void k(__global int *out) {
  int4 x = (int4){0, 1, 2, 3};
  int4 y = (int4){get_global_id(0), 0, 0, 0};
  int4 r = shuffle2(x, y, (uint4){8, 1, 2, 3});
  out[((int *) &r)[0]] = 1;
}
