//:: verdict fails assert
// The twin of do-while.cu: a body that runs once even though the test is false at once.
/*@ requires true; @*/
__global__ void k() {
  int z = 0;
  do { z = 1; } while (false);
  __assert(z == 0); //! assert.failed
}
