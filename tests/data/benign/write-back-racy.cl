//:: races racy
// write-back-race-free.cl writing v - 1 (GPUVerify's writeafterread_addition): the first
// write changes A[0] under another thread's read.
__kernel void k(__local int *A) {
  int v = A[0];  //! race.data
  A[0] = v - 1;  //! race.data
}
