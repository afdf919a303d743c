//:: races racy
// read-own-write-race-free.cl with thread 0 alone writing A[i]: the others read A[j] (j ==
// i) as it was or as thread 0 left it.
__kernel void k(__local int *A, __local int *B, int i, int j) {
  __requires(i >= 0);
  __requires(j >= 0);
  if (get_local_id(0) == 0) A[i] = i;  //! race.data
  B[j] = A[j];  //! race.data
}
