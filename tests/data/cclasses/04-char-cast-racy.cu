//xfail:NOT_ALL_VERIFIED
//--blockDim=2 --gridDim=1
// Class 4: byte 4 * tid + 4 of a is the first byte of a[tid + 1], which thread tid + 1
// writes. Read as the int a[4 * tid + 4], it is a cell that no thread writes.
/*@
  context_everywhere ngroups == 1 && \length(a) == 16 && \length(b) == gsize;
  requires Perm(a[tid], write) ** Perm(a[4 * tid + 4], read) ** Perm(b[tid], write);
@*/
__global__ void k(int *a, int *b) {
  a[threadIdx.x] = 1;
  b[threadIdx.x] = ((unsigned char *) a)[4 * threadIdx.x + 4];
}
