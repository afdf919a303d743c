//:: races racy
// With --benign-writes: each thread writes its own id to A[lid] and copies A[0] to B[0];
// thread 0 copies its own write, the others may read it or not: a race on A[0].
__kernel void k(__local int *A, __local int *B) {
  A[get_local_id(0)] = get_local_id(0);  //! race.data
  B[0] = A[0];  //! race.data
}
