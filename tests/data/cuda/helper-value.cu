//:: verdict fails arith
// A helper with statements is inlined where its value is stored; its arithmetic is checked.
__device__ int twice_plus(int x) {
  int y = 2 * x; //! arith.overflow
  return y + 1;
}
/*@ requires true; @*/
__global__ void k(int n) {
  int a = twice_plus(n);
}
