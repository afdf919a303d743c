//:: verdict fails post
// The twin of macro-size.cu whose code writes another value than the define's.
#define BLOCK 64
#define CELLS (2 * BLOCK)
/*@
  context_everywhere ngroups == 1 && gsize == BLOCK && \length(out) == CELLS;
  requires Perm(out[tid], write) ** Perm(out[tid + BLOCK], write);
  ensures  Perm(out[tid], write) ** Perm(out[tid + BLOCK], write);
  ensures  out[tid + BLOCK] == CELLS; //! post.failed
@*/
__global__ void k(int *out) {
  out[threadIdx.x] = 0;
  out[threadIdx.x + BLOCK] = BLOCK;
}
