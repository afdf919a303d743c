//:: verdict verified
// The twin of global-index-overflow.cu with the launch left open: the C front end
// assumes at most 2^31 - 1 threads per dimension, under which the global id never wraps
// (docs/cfamily.md, "Arithmetic").
/*@
  context_everywhere \length(a) == tcount;
  requires Perm(a[tid], write);
  ensures  Perm(a[tid], write) ** a[tid] == 0;
@*/
__global__ void k(int *a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = 0;
}
