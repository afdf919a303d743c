//:: verdict rejected unsupported
// A function without a body that takes a pointer may write through it: refused.
__device__ void fill(int *p);

/*@ context_everywhere \length(a) == 1; @*/
__global__ void k(int *a) {
  fill(a); //! unsupported.function
}
