//:: races racy
// With --benign-writes (GPUVerify's writeafterread_otherval): every thread copies A[0],
// then writes 5 to it, which may change it under another thread's read.
__kernel void k(__local int *A, __local int *B) {
  B[get_local_id(0)] = A[0];  //! race.data
  A[0] = 5;  //! race.data
}
