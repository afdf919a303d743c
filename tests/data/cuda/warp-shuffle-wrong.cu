//:: verdict fails assert
// The twin of warp-shuffle.cu: `check` does not know the value a shuffle gives.
/*@
  context_everywhere gsize % 2 == 0;
  context_everywhere \length(a) == tcount && \length(out) == tcount;
  requires Perm(a[tid], read) ** Perm(out[tid], write);
  ensures  Perm(a[tid], read) ** Perm(out[tid], write);
@*/
__global__ void pairs(int *a, int *out) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int v = a[tid];
  int w = __shfl_xor_sync(0xffffffff, v, 1, 2);
  __assert(w == v); //! assert.failed
  out[tid] = w;
}
