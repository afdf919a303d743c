//xfail:NOT_ALL_VERIFIED
//--local_size=2 --num_groups=1
// Class 7: a half is 2 bytes.
__kernel void k(__global int *a) {
  __assert(sizeof(half) == 4);
}
