//:: verdict fails assert
// c-write-exact.cu with only `atomic`: the old value is any value of the cell's type
// (the range is known, the value is not).
/*@
  context_everywhere \length(a) == gsize * ngroups;
  requires Perm(a[tid], atomic);
  ensures  Perm(a[tid], atomic);
@*/
__global__ void k(unsigned int *a) {
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int old = atomicAdd(&a[i], 2u);
  __assert(old <= 4294967295u);
  __assert(old == 0u);   //! assert.failed
}
