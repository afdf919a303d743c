//pass
//--blockDim=4 --gridDim=1
// Class 5, the twin of 05-float-literal-racy.cu: one literal twice, the factor 1.
/*@
  context_everywhere ngroups == 1 && \length(a) == gsize;
  requires Perm(a[tid], write);
@*/
__global__ void k(int *a) {
  a[threadIdx.x * (1 + (int) 1.000000000000000000000000000000000000000000000000000000000002 - (int) 1.000000000000000000000000000000000000000000000000000000000002)] = 1;
}
