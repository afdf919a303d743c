//:: verdict verified
// The twin of float-uninterpreted.cu without the functional claim: race freedom needs none.
/*@
  context_everywhere \length(a) == tcount && tcount <= 2147483647;
  requires Perm(a[tid], write);
  ensures  Perm(a[tid], write);
@*/
__global__ void k(float *a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = sqrtf(a[i] * 2.0f) + 1.0f;
}
