//pass
//--local_size=4 --num_groups=2
// The twin of copied-in-memory-racy.cl: thread t copies into element t; thread 0 writes
// the pointer of element 0 and thread 1 the short beside it, which is not the same cell.
struct a {
  __global int *p;
  short2 i;
};

__kernel void foo(__global struct a *q1, __global struct a *q2) {
  q2[get_global_id(0)].p = q1[get_global_id(0)].p;
  if (get_global_id(0) == 1) q2[0].i.y = 3;
  q2[get_global_id(0)].i.x = q1[get_global_id(0)].i.y;
}
