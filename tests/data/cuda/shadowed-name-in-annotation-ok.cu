//:: verdict verified
// The twin of shadowed-name-in-annotation.cu asserting what holds of each x where it stands.
/*@ requires x == 0; @*/
__global__ void k(int x) {
  {
    int x = 5;
    //@ assert x == 5;
  }
  //@ assert x == 0;
}
