//:: verdict verified
// The twin of extern-shared-bounds.cu with the length the kernel needs as a context.
/*@
  context_everywhere \length(s) >= gsize;
  requires Perm(s[lid], write);
  ensures Perm(s[lid], write) ** s[lid] == 1;
@*/
__global__ void k() {
  extern __shared__ int s[];
  s[threadIdx.x] = 1;
}
