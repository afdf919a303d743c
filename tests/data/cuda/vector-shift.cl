//:: verdict verified
// A vector shift takes the amount modulo the component's width (8 for uchar), in the
// component type; a signed component shifts right arithmetically.
/*@ requires true; @*/
__kernel void k() {
  uchar2 v = (uchar2)(1, 3);
  v <<= (uchar2)(9, 7);
  uchar2 w = (uchar2)(128, 6) >> (uchar2)(15, 1);
  char2 n = (char2)(-8, 5) >> 1;
  __assert(v.x == 2 && v.y == 128 && w.x == 1 && w.y == 3 && n.x == -4 && n.y == 2);
}
