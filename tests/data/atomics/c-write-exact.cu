//:: verdict verified
// With write permission C's atomics are exact, with C's wrap-around: atomicAdd past
// UINT_MAX, atomicCAS, atomicInc's count modulo its bound + 1.
/*@
  context_everywhere \length(a) == gsize * ngroups;
  requires Perm(a[tid], write);
  ensures  Perm(a[tid], write);
@*/
__global__ void k(unsigned int *a) {
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = 4294967295u;
  unsigned int old = atomicAdd(&a[i], 2u);
  __assert(old == 4294967295u);
  __assert(a[i] == 1u);
  old = atomicCAS(&a[i], 1u, 7u);
  __assert(old == 1u && a[i] == 7u);
  old = atomicInc(&a[i], 7u);
  __assert(old == 7u && a[i] == 0u);
}
