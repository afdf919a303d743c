//:: verdict verified
//:: twin ../stencil-3pt.pvl
//:: note A three-point stencil over all threads of all blocks, as stencil-3pt.pvl. The neighbours' read permissions are guarded so that every index stays inside the array; the values and the launch are bounded so that the int arithmetic cannot overflow.
/*@
  context_everywhere tcount <= 2147483647;
  context_everywhere \length(a) == tcount && \length(b) == tcount;
  requires Perm(a[tid], read);
  requires tid > 0 ==> Perm(a[tid - 1], read);
  requires tid < tcount - 1 ==> Perm(a[tid + 1], read);
  requires Perm(b[tid], write);
  requires -1000000 <= a[tid] && a[tid] <= 1000000;
  requires tid > 0 ==> -1000000 <= a[tid - 1] && a[tid - 1] <= 1000000;
  requires tid < tcount - 1 ==> -1000000 <= a[tid + 1] && a[tid + 1] <= 1000000;
  ensures  Perm(a[tid], read);
  ensures  tid > 0 ==> Perm(a[tid - 1], read);
  ensures  tid < tcount - 1 ==> Perm(a[tid + 1], read);
  ensures  Perm(b[tid], write);
  ensures  0 < tid && tid < tcount - 1 ==> b[tid] == a[tid - 1] + a[tid] + a[tid + 1];
  ensures  tid == 0 || tid == tcount - 1 ==> b[tid] == a[tid];
@*/
__global__ void stencil(const int *a, int *b) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned n = gridDim.x * blockDim.x;
  if (0 < i && i < n - 1) {
    b[i] = a[i - 1] + a[i] + a[i + 1];
  } else {
    b[i] = a[i];
  }
}
