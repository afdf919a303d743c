//:: verdict rejected unsupported
// A pointer that may point into either of two arrays is refused.
/*@ requires true; @*/
__global__ void k(int *a, int *b, int c) {
  int *p = a;
  if (c) {
    p = b; //! unsupported.pointer
  }
  p[0] = 1;
}
