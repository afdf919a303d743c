//xfail:NOT_ALL_VERIFIED
//--local_size=2 --num_groups=1
// The twin of vector-lane-divide-ok.cl: -7 / 2 is -3 in C, not the floor -4.
__kernel void k() {
  int2 q = (int2)(-7, 7) / (int2)(2, -2);
  __assert(q.x == -4 && q.y == -3);
}
