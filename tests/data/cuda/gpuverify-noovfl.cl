//:: verdict verified
// GPUVerify's `__add_noovfl(x, y, z)`: the sum, over the integers, fits the arguments'
// type (unsigned int, by clang's overload): exactly `x + y + z <= 4294967295`.
__kernel void k(unsigned x, unsigned y, unsigned z) {
  __requires(__add_noovfl(x, y, z));
  unsigned w = x + y + z;
  __assert(w >= x && w >= y && w >= z);
}
