//pass
//--local_size=2 --num_groups=1
// C's conversion lane by lane: a negative int to unsigned wraps modulo 2^32, a narrowing
// to char and an unsigned value beyond int's range to int reduce modulo 2^N (clang's
// choice for the implementation-defined case), and unsigned lanes wrap.
__kernel void k() {
  uint4 u = convert_uint4((int4)(-1, -2, 3, 0));
  __assert(u.x == 4294967295u && u.y == 4294967294u && u.z == 3u && u.w == 0u);
  char2 c = convert_char2((int2)(200, -129));
  __assert(c.x == -56 && c.y == 127);
  int2 back = convert_int2((uint2)(4000000000u, 1u));
  __assert(back.x == -294967296 && back.y == 1);
  uint2 d = (uint2)(0u, 1u) - (uint2)(1u);
  __assert(d.s0 == 4294967295u && d.s1 == 0u);
}
