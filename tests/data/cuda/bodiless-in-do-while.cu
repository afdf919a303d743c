//:: verdict verified
// A do-while loop's test is evaluated each time the loop goes round, also at a
// `continue`: a call of a function without a body there gets a new value each time
// (clang_effects.py puts the test's statements before each place it runs).
__device__ int nondet(void);

__global__ void k() {
  int i = 0;
  do {
    i = 1;
    if (nondet()) continue;
  } while (nondet());
}
