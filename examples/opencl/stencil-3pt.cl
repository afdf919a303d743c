//:: verdict verified
//:: twin ../stencil-3pt.pvl
//:: note A three-point stencil over all work-items of all groups, as stencil-3pt.pvl. The neighbours' read permissions are guarded so that every index stays inside the array; the values are bounded so that the int arithmetic cannot overflow (ids are size_t, 64 bits).
/*@
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
__kernel void stencil(__global const int *a, __global int *b) {
  size_t i = get_global_id(0);
  size_t n = get_global_size(0);
  if (0 < i && i < n - 1) {
    b[i] = a[i - 1] + a[i] + a[i + 1];
  } else {
    b[i] = a[i];
  }
}
