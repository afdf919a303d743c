//:: verdict fails post
// Storing b[i] + 1 into an unsigned char wraps around for 255, as C defines: the cell
// becomes 0, not 256, so the postcondition fails (uchar-guarded.cu is the twin).
/*@
  context_everywhere ngroups == 1 && \length(a) == gsize && \length(b) == gsize;
  requires Perm(a[tid], write) ** Perm(b[tid], read);
  ensures  Perm(a[tid], write) ** Perm(b[tid], read) ** a[tid] == b[tid] + 1; //! post.failed
@*/
__global__ void k(unsigned char *a, const unsigned char *b) {
  a[threadIdx.x] = b[threadIdx.x] + 1;
}
