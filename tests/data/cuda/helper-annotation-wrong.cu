//:: verdict fails assert
// The twin of helper-annotation.cu whose helper asserts what its argument is not: the
// assertion in the helper's body is checked where the helper is inlined (it was
// dropped before: the kernel verified).
__device__ int sum(int y) {
  //@ assert y == 2; //! assert.failed
  int s = 0;
  //@ loop_invariant 0 <= i && i <= y && s == i;
  for (int i = 0; i < y; i++)
    s += 1;
  return s;
}

/*@
  context_everywhere \length(a) == gsize * ngroups;
  requires Perm(a[tid], write);
  ensures Perm(a[tid], write);
  ensures a[tid] == 3;
@*/
__global__ void k(int *a) {
  a[blockIdx.x * blockDim.x + threadIdx.x] = sum(3);
}
