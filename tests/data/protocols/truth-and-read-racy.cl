//:: races racy
//--local_size=4 --num_groups=1
// `&` does not short-circuit: every thread reads A[0] whatever the left operand (always
// false here), while thread 0 writes it.
__kernel void k(__local int *A, __global int *out) {
  if (get_local_id(0) == 0) A[0] = 1;  //! race.data
  if ((get_local_id(0) > 100000u) & (A[0] == 1)) {  //! race.data
    out[0] = 1;
  }
}
