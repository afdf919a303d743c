//pass
//--local_size=2 --num_groups=1
// Division and remainder lane by lane truncate towards zero, with negative lanes on
// either side.
__kernel void k() {
  int2 q = (int2)(-7, 7) / (int2)(2, -2);
  __assert(q.x == -3 && q.y == -3);
  int2 r = (int2)(-7, 7) % (int2)(2, -2);
  __assert(r.x == -1 && r.y == 1);
}
