//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=1
// Class 5: the two literals are 1.0 and 2.0 (as doubles), so the factor is
// 1 + 1 - 2 = 0 and every thread writes a[0]. Their spellings hash to one number
// modulo 2^61 - 1 (the first and the last digit are 61 characters apart, where the
// weights 256^61 and 256^0 agree), so numbered by that hash they are one literal.
/*@
  context_everywhere ngroups == 1 && \length(a) == gsize;
  requires Perm(a[tid], write);
@*/
__global__ void k(int *a) {
  a[threadIdx.x * (1 + (int) 1.000000000000000000000000000000000000000000000000000000000002 - (int) 2.000000000000000000000000000000000000000000000000000000000001)] = 1;
}
