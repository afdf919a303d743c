//pass
//--local_size=4 --num_groups=2
// Mask 12 names component 4 of x followed by y (12 % 8): y's first, the work-item's
// own id.
__kernel void k(__global int *out) {
  int4 x = (int4){0, 1, 2, 3};
  int4 y = (int4){get_global_id(0), 0, 0, 0};
  int4 r = shuffle2(x, y, (uint4){12, 1, 2, 3});
  out[((int *) &r)[0]] = 1;
}
