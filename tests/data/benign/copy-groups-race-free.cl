//:: races race-free
// With --benign-writes, two or more work groups: every thread of every group copies
// A[1], which no thread writes, through an unsigned conversion into out[0].
__kernel void k(__global int *A, __global unsigned char *out) {
  out[0] = (unsigned char)(A[1] + 255u);
}
