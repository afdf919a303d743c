//:: races race-free
// With --benign-writes: every thread copies A[0], which no thread writes, into B[0]; all
// read one value, so all write one value (GPUVerify's
// pointertests/test_copy_between_memory_spaces).
__kernel void k(__global float *A, __local float *B) {
  if (A[0] > 0) {
    B[0] = A[0];
  }
}
