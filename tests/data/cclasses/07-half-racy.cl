//xfail:NOT_ALL_VERIFIED
//--local_size=4 --num_groups=1
// Class 7: half is 2 bytes, so the factor sizeof(half) / 4 is 0 and every work-item
// writes a[0]. Read as a 4-byte float it is 1.
/*@
  context_everywhere ngroups == 1 && \length(a) == gsize;
  requires Perm(a[tid], write);
@*/
__kernel void k(__global int *a) {
  a[get_local_id(0) * (sizeof(half) / 4)] = 1;
}
