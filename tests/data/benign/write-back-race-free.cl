//:: races race-free
// With --benign-writes (GPUVerify's benign_race_tests/pass/writeafterread): every thread
// writes back the value of A[0] it read, which is the value every thread reads: the
// writes change nothing.
__kernel void k(__local int *A) {
  int v = A[0];
  A[0] = v;
}
