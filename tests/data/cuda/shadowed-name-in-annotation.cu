//:: verdict fails assert
// An annotation means a C name as C's scoping does where it stands: here the inner x (5),
// not the parameter it shadows (0), although the mapping renames the inner one.
/*@ requires x == 0; @*/
__global__ void k(int x) {
  {
    int x = 5;
    //@ assert x == 0; //! assert.failed
  }
}
