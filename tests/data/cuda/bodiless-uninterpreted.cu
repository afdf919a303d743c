//:: verdict verified
// A `const` function without a body is an uninterpreted function: the same arguments
// give the same value, in its type's range.
__device__ unsigned char f(int, int) __attribute__((const));

__global__ void k(int n) {
  unsigned char x = f(n, 2);
  __assert(x == f(n, 2));
  __assert(x <= 255);
}
