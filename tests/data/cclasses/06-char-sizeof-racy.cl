//xfail:NOT_ALL_VERIFIED
//--local_size=4 --num_groups=1
// Class 6: in OpenCL C (as in C) a character constant is an int, sizeof('x') is 4, so
// the factor is 0 and every work-item writes a[0]. Taken as a char it is 3.
/*@
  context_everywhere ngroups == 1 && \length(a) == 3 * gsize;
  requires Perm(a[3 * tid], write);
@*/
__kernel void k(__global int *a) {
  a[get_local_id(0) * (4 / sizeof('x') - 1)] = 1;
}
