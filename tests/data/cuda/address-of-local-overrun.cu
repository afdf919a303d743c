//:: verdict fails perm bounds
// The twin of address-of-local.cu reaching past the variable: p[1] is not the thread's.
/*@ requires true; @*/
__global__ void k() {
  int a = 0;
  int *p = &a;
  p[1] = 7; //! perm.write bounds.index
}
