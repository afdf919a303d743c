//pass
//--blockDim=4 --gridDim=1 -DSTEP=1
// Class 1, the twin of 01-header-define-racy.cu: the header's STEP is 1.
#ifndef STEP
#define STEP 0
#endif
/*@
  context_everywhere ngroups == 1 && \length(a) == gsize;
  requires Perm(a[tid], write);
@*/
__global__ void k(int *a) {
  a[threadIdx.x * STEP] = threadIdx.x;
}
