//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=1
// Class 1: WIDE is not defined, so the first branch holds and STEP is 0: every thread
// writes a[0]. Read without evaluating the #ifndef, the last #define (STEP 1) wins.
#ifndef WIDE
#define STEP 0
#else
#define STEP 1
#endif
/*@
  context_everywhere ngroups == 1 && \length(a) == gsize;
  requires Perm(a[tid], write);
@*/
__global__ void k(int *a) {
  a[threadIdx.x * STEP] = threadIdx.x;
}
