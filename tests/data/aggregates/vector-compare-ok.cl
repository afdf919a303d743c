//pass
//--local_size=2 --num_groups=1
// An OpenCL vector comparison gives -1 (all bits set) for true in each component, and
// `v.xy = v.yx` reads both components before it writes either.
__kernel void k() {
  int4 c = (int4)(1, 2, 3, 4) < (int4)(2);
  __assert(c.x == -1 && c.y == 0 && c.w == 0);
  int2 v = (int2)(5, 6);
  v.xy = v.yx;
  __assert(v.x == 6 && v.y == 5);
}
