//:: verdict fails arith
// Storing b[i] + 1 into an unsigned char overflows for 255.
/*@
  context_everywhere ngroups == 1 && \length(a) == gsize && \length(b) == gsize;
  requires Perm(a[tid], write) ** Perm(b[tid], read);
@*/
__global__ void k(unsigned char *a, const unsigned char *b) {
  a[threadIdx.x] = b[threadIdx.x] + 1; //! arith.overflow
}
