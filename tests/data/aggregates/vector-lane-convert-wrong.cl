//xfail:NOT_ALL_VERIFIED
//--local_size=2 --num_groups=1
// The twin of vector-lane-convert-ok.cl: 200 does not fit a char, whose lane is -56.
__kernel void k() {
  uint4 u = convert_uint4((int4)(-1, -2, 3, 0));
  __assert(u.x == 4294967295u && u.y == 4294967294u && u.z == 3u && u.w == 0u);
  char2 c = convert_char2((int2)(200, -129));
  __assert(c.x == 200 && c.y == 127);
  int2 back = convert_int2((uint2)(4000000000u, 1u));
  __assert(back.x == -294967296 && back.y == 1);
  uint2 d = (uint2)(0u, 1u) - (uint2)(1u);
  __assert(d.s0 == 4294967295u && d.s1 == 0u);
}
