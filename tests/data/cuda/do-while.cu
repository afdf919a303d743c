//:: verdict verified
// do-while runs its body first; continue goes to the test.
/*@ requires true; @*/
__global__ void k() {
  int i = 0;
  int j = 0;
  /*@ loop_invariant 0 <= i && i <= 4 && (i < 3 ==> j == 0) && (i >= 3 ==> j == i - 2); @*/
  do {
    i++;
    if (i < 3) continue;
    j++;
  } while (i < 5);
  __assert(i == 5 && j == 3);
  int z = 0;
  do { z = 1; } while (false);
  __assert(z == 1);
}
