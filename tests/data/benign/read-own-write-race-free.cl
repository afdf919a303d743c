//:: races race-free
// With --benign-writes (GPUVerify's benign_race_tests/pass/readafterwrite): every thread
// writes i to A[i], then reads A[j]; where j == i it reads the value it wrote, which
// every other thread writes too: no write changes what a thread reads.
__kernel void k(__local int *A, __local int *B, int i, int j) {
  __requires(i >= 0);
  __requires(j >= 0);
  A[i] = i;
  B[j] = A[j];
}
