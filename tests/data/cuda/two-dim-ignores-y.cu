//:: verdict fails injectivity
//--blockDim=[4,2] --gridDim=1
// Blocks of 4 x 2 threads, indexed by threadIdx.x alone: threads (x, 0) and (x, 1) own the
// same cell. A 1-D reading of the launch would miss it.
/*@
  context_everywhere \length(a) == 4;
  requires Perm(a[lid % 4], write); //! injectivity.quantified
@*/
__global__ void k(int *a) {
  a[threadIdx.x] = threadIdx.y;
}
