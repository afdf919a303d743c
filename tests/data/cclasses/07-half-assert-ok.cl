//pass
//--local_size=2 --num_groups=1
// Class 7, the twin of 07-half-assert-wrong.cl.
__kernel void k(__global int *a) {
  __assert(sizeof(half) == 2);
}
