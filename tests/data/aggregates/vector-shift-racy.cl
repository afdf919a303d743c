//xfail:NOT_ALL_VERIFIED
//--local_size=4 --num_groups=2
// The twin of vector-shift-ok.cl reading 1 << 9 as an int's shift (512, wrapped to 0):
// v.x is 2, and every work-item of a group writes A[0].
__kernel void k(__local int *A) {
  uchar2 v = (uchar2)(1, 3);
  v <<= (uchar2)(9, 7);
  if (v.x != 0) A[0] = get_local_id(0);
}
