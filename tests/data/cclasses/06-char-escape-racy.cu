//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=1
// Class 6: '\x80' is a char, signed on the platforms CUDA runs on: -128, so the factor
// is 0 and every thread writes a[0]. Read as 128 the factor is 256.
/*@
  context_everywhere ngroups == 1 && \length(a) == 1024;
  requires Perm(a[tid * 256], write);
@*/
__global__ void k(int *a) {
  a[threadIdx.x * ('\x80' + 128)] = 1;
}
