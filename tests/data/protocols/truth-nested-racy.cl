//:: races racy
//--local_size=64 --num_groups=1
// truth-nested-race-free.cl with `|` in the requirement: offset may be 1.
__kernel void k(__local int *A, int offset) {
  __requires(offset >= 0 & (offset > get_local_size(0) | offset < 1000000));
  A[get_local_id(0)] = A[get_local_id(0) + offset] - 1;  //! race.data
}
