//:: races racy
// The twin of pointer-choice-race-free.cl writing cell 0 of the array: the threads that
// chose one array race there (the race is reported on the array written, never on the
// other one).
__kernel void pick(__global int *a, __global int *b) {
  __global int *p = get_local_id(0) % 2 ? a : b;
  p[0] = 1;  //! race.data
}
