//:: verdict verified
// A define named in an annotation means the value clang gives it where the annotation
// stands (docs/cfamily.md, "Macros in annotations"): a size, and one defined through it.
#define BLOCK 64
#define CELLS (2 * BLOCK)
/*@
  context_everywhere ngroups == 1 && gsize == BLOCK && \length(out) == CELLS;
  requires Perm(out[tid], write) ** Perm(out[tid + BLOCK], write);
  ensures  Perm(out[tid], write) ** Perm(out[tid + BLOCK], write);
  ensures  out[tid + BLOCK] == CELLS;
@*/
__global__ void k(int *out) {
  out[threadIdx.x] = 0;
  out[threadIdx.x + BLOCK] = 2 * BLOCK;
}
