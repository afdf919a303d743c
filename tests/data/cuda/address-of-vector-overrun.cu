//:: verdict fails perm bounds
// The twin of address-of-vector.cu reaching past the vector: p[2] is not the thread's.
/*@ requires true; @*/
__global__ void k() {
  int2 v = make_int2(1, 2);
  int *p = (int *) &v;
  p[2] = 7; //! perm.write bounds.index
}
