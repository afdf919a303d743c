//:: verdict fails assert
// The twin of c-arithmetic.cu asserting the Euclidean answers: C says -3 and -1.
/*@ requires true; @*/
__global__ void k() {
  int q = (0 - 7) / 2;
  int r = (0 - 7) % 2;
  __assert(q == -4 || r == 1); //! assert.failed
}
