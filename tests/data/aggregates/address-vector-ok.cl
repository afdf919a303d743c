//pass
//--local_size=4 --num_groups=2
// A vector whose address is taken is the work-item's own memory: (int *) &v + 2 is v.z.
__kernel void k(__local int *A) {
  int4 v = (int4)(1, 2, 3, 4);
  int *p = (int *) &v;
  if (p[2] != v.z) A[0] = get_local_id(0);
  p[1] = get_local_id(0);
  A[get_local_id(0)] = v.y;
}
