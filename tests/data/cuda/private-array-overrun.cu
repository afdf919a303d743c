//:: verdict fails bounds
// The twin of private-array.cu writing one cell past the end: in memory that is the next
// thread's first cell, so the index is checked against the private array's own size.
/*@ requires true; @*/
__global__ void k() {
  int t[4];
  t[4] = 1; //! bounds.index
}
