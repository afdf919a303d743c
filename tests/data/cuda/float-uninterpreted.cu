//:: verdict fails post
// Floating-point values are uninterpreted: x * 1.0f == x is not known (it is false for NaN).
/*@
  context_everywhere \length(a) == tcount && tcount <= 2147483647;
  requires Perm(a[tid], write);
  ensures  Perm(a[tid], write) ** a[tid] == \old(a[tid]); //! post.failed
@*/
__global__ void k(float *a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = a[i] * 1.0f;
}
