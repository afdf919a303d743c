//:: verdict fails arith
// blockIdx.x * blockDim.x may exceed an unsigned int for a large grid: nothing bounds it here.
/*@
  context_everywhere \length(a) == tcount;
  requires Perm(a[tid], write);
@*/
__global__ void k(int *a) {
  a[blockIdx.x * blockDim.x + threadIdx.x] = 0; //! arith.overflow
}
