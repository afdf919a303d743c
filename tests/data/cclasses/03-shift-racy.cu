//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=1
// Class 3: -5 >> 1 is -3 (an arithmetic shift, floor division), so the factor is 0 and
// every thread writes a[0]. Folded with truncating division it would be 1.
/*@
  context_everywhere ngroups == 1 && \length(a) == gsize;
  requires Perm(a[tid], write);
@*/
__global__ void k(int *a) {
  a[threadIdx.x * ((-5 >> 1) + 3)] = 1;
}
