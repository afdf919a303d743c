//:: verdict fails bounds
//:: twin ../stencil-3pt-unguarded-left.pvl
//:: note stencil-3pt.cu with the guard tid > 0 dropped from the permission on the left neighbour: thread 0 asks for Perm(a[-1], read), outside the array.
/*@
  context_everywhere tcount <= 2147483647;
  context_everywhere \length(a) == tcount && \length(b) == tcount;
  requires Perm(a[tid], read);
  requires Perm(a[tid - 1], read);
  requires tid < tcount - 1 ==> Perm(a[tid + 1], read);
  requires Perm(b[tid], write);
  requires -1000000 <= a[tid] && a[tid] <= 1000000;
  requires tid > 0 ==> -1000000 <= a[tid - 1] && a[tid - 1] <= 1000000;
  requires tid < tcount - 1 ==> -1000000 <= a[tid + 1] && a[tid + 1] <= 1000000;
  ensures  Perm(a[tid], read);
  ensures  Perm(a[tid - 1], read);
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
