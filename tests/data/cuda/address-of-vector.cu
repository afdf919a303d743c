//:: verdict verified
// A vector variable whose address is taken is the thread's own memory: (int *) &v + 1 is v.y.
/*@ requires true; @*/
__global__ void k() {
  int2 v = make_int2(1, 2);
  int *p = (int *) &v;
  p[1] = 7;
  __assert(v.y == 7 && v.x == 1);
}
