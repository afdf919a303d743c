//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=1 -DSTEP=0
// Class 1: the header defines STEP as 0, so the file's default is skipped and every
// thread writes a[0]. Read without evaluating the #ifndef, the file's STEP 1 wins.
#ifndef STEP
#define STEP 1
#endif
/*@
  context_everywhere ngroups == 1 && \length(a) == gsize;
  requires Perm(a[tid], write);
@*/
__global__ void k(int *a) {
  a[threadIdx.x * STEP] = threadIdx.x;
}
