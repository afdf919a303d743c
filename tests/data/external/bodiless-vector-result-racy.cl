//xfail:NOT_ALL_VERIFIED
//--local_size=4 --num_groups=2
// A vector a function without a body returns is a new value per component: x and y
// may differ, and then every thread of the group writes A[0].
int2 f(void);

__kernel void k(__local int *A) {
  int2 v = f();
  if (v.x != v.y) A[0] = get_local_id(0);
}
