//xfail:NOT_ALL_VERIFIED
//--local_size=2 --num_groups=1
// The twin of vector-compare-ok.cl: true is not 1 in a vector comparison.
__kernel void k() {
  int4 c = (int4)(1, 2, 3, 4) < (int4)(2);
  __assert(c.x == 1);
}
