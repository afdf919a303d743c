//pass
//--local_size=4 --num_groups=2
// A vector shift takes the amount modulo the component's width (8 for uchar), in the
// component type: 1 << 9 is 2, and 3 << 7 is 384 wrapped to 128.
__kernel void k(__local int *A) {
  uchar2 v = (uchar2)(1, 3);
  v <<= (uchar2)(9, 7);
  uchar2 w = (uchar2)(128, 6) >> (uchar2)(15, 1);
  if (v.x != 2 || v.y != 128 || w.x != 1 || w.y != 3) A[0] = get_local_id(0);
}
