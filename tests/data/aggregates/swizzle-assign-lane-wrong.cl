//xfail:NOT_ALL_VERIFIED
//--local_size=2 --num_groups=1
// The twin of swizzle-assign-lane-ok.cl: v.wzy = v.xyz leaves lane x alone, it does not
// write it.
__kernel void k() {
  int4 v = (int4)(1, 2, 3, 4);
  v.wzy = v.xyz;
  __assert(v.x == 3);
}
