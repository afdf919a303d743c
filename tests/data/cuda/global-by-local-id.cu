//:: verdict fails injectivity distribution
// Several blocks index global memory by threadIdx.x alone: thread x of every block owns c[x].
/*@
  context_everywhere \length(c) == gsize;
  requires Perm(c[lid], write); //! injectivity.quantified distribution.kernel
@*/
__global__ void k(int *c) {
  c[threadIdx.x] = 1;
}
