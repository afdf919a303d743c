//:: verdict fails perm
//:: note seed 004's Fig. 8 in CUDA without its barrier (examples/cuda/fig8-no-barrier.cu). CUDA's limit of 1024 threads per block bounds the sizes from above, and the solver's first model took it; the counterexample is the smallest launch that races: 2 threads.
/*@
  context_everywhere ngroups == 1;
  context_everywhere \length(a) == gsize && \length(b) == gsize;
  requires Perm(a[tid], write) ** Perm(b[tid], write);
  ensures  Perm(b[tid], write) ** b[tid] == (tid + 1) % gsize;
@*/
__global__ void demo(int *a, int *b) {
  a[threadIdx.x] = threadIdx.x;
  b[threadIdx.x] = a[(threadIdx.x + 1) % blockDim.x]; //! perm.read
}
