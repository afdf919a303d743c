//pass
//--blockDim=4 --gridDim=1
// Class 1, the twin of 01-ifndef-racy.cu: the branch that holds defines STEP 1.
#ifndef WIDE
#define STEP 1
#else
#define STEP 0
#endif
/*@
  context_everywhere ngroups == 1 && \length(a) == gsize;
  requires Perm(a[tid], write);
@*/
__global__ void k(int *a) {
  a[threadIdx.x * STEP] = threadIdx.x;
}
