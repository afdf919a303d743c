//:: verdict fails assert
// The twin of gpuverify-noovfl.cl without the precondition: the sum wraps around.
__kernel void k(unsigned x, unsigned y, unsigned z) {
  unsigned w = x + y + z;
  __assert(w >= x && w >= y && w >= z); //! assert.failed
}
