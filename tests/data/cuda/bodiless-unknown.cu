//:: verdict fails assert
// A function without a body returns an unknown value of its type, a new one per call.
__device__ unsigned char nondet(void);

__global__ void k() {
  unsigned char x = nondet();
  __assert(x <= 255);
  __assert(x == nondet()); //! assert.failed
}
