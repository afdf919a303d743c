//pass
//--local_size=4 --num_groups=2
// One component equals itself: nothing is written.
int2 f(void);

__kernel void k(__local int *A) {
  int2 v = f();
  if (v.x != v.x) A[0] = get_local_id(0);
}
