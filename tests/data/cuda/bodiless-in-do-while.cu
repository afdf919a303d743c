//:: verdict rejected unsupported
// A do-while loop's test is repeated at each `continue`; a call of a function without a
// body there is refused.
__device__ int nondet(void);

__global__ void k() {
  int i = 0;
  do {
    i = 1;
  } while (nondet()); //! unsupported.function
}
