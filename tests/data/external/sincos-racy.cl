//xfail:NOT_ALL_VERIFIED
//--local_size=4 --num_groups=2
// sincos stores the cosine through its pointer: every work-item writes A[0].
__kernel void k(__global float *A) {
  sincos((float) get_global_id(0), A);
}
