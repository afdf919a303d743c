//xfail:NOT_ALL_VERIFIED
//--local_size=4 --num_groups=2
// The twin of swizzle-store-lanes-ok.cl: the odd thread writes .odd, lanes 1 and 3, and
// lane 1 is the even thread's.
__kernel void k(__global int4 *p) {
  int i = get_global_id(0);
  if (i % 2 == 0)
    p[i / 2].lo = (int2)(i, -i);
  else
    p[i / 2].odd = (int2)(i, -i);
}
