//:: verdict fails assert
// The twin of vector-shift.cl reading 1 << 9 as an int's shift wrapped to a uchar (0).
/*@ requires true; @*/
__kernel void k() {
  uchar2 v = (uchar2)(1, 3);
  v <<= (uchar2)(9, 7);
  __assert(v.x == 0); //! assert.failed
}
