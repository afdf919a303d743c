//pass
//--local_size=2 --num_groups=1
// A swizzle assignment writes exactly its lanes, each from the value read before any
// is written.
__kernel void k() {
  int4 v = (int4)(1, 2, 3, 4);
  v.wzy = v.xyz;
  __assert(v.x == 1 && v.y == 3 && v.z == 2 && v.w == 1);
}
