//:: races racy
// copy-unwritten-race-free.cl with thread 0 writing A[0] in the same interval: the others
// may read the old value or the new one, and copy different values.
__kernel void k(__global float *A, __local float *B) {
  if (get_local_id(0) == 0) A[0] = 1.5f;  //! race.data
  if (A[0] > 0) {  //! race.data
    B[0] = A[0];  //! race.data
  }
}
