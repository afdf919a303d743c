//:: verdict verified
// A for loop with two updates: both run after each pass, also one ended by continue.
/*@ requires true; @*/
__kernel void k() {
  int j = 0;
  //@ loop_invariant 0 <= i && i <= 10 && j == 2 * i;
  for (int i = 0; i < 10; i++, j += 2) {
    if (i == 3) continue;
  }
  __assert(j == 20);
  int t[3] = {4, 5};
  __assert(t[0] == 4 && t[2] == 0);
}
