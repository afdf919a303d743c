//:: verdict verified
// C passes parameters by value: the kernel may assign n; the contract still means the argument.
/*@ requires n <= 20; @*/
__global__ void k(int n) {
  n = n / 2;
  n += 1;
  __assert(n <= 11);
}
