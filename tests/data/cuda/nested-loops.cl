//:: verdict verified
// Nested loops: the inner loop's variable is not in scope at the outer loop's head.
/*@ requires true; @*/
__kernel void k(__local int *A) {
  for (unsigned i = 0; i < 4; i++) {
    //@ loop_invariant j % 16 == 0;
    for (unsigned j = 0; j < (1 << 6); j += 16) {
      __assert((j % 16) == 0);
    }
  }
}
