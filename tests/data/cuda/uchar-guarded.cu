//:: verdict verified
// The twin of uchar-overflow.cu: the cells of b hold 0..255, so 254 and below can grow.
/*@
  context_everywhere ngroups == 1 && \length(a) == gsize && \length(b) == gsize;
  requires Perm(a[tid], write) ** Perm(b[tid], read);
@*/
__global__ void k(unsigned char *a, const unsigned char *b) {
  if (b[threadIdx.x] < 255) {
    a[threadIdx.x] = b[threadIdx.x] + 1;
  }
}
