//:: verdict verified
//:: twin ../vector-add-multigroup.pvl
//:: note Every work-item of every group adds its own cells. The global id is a size_t; the sums are ints, so the contract says they fit (arith.overflow otherwise).
/*@
  context_everywhere \length(a) == tcount && \length(b) == tcount && \length(c) == tcount;
  requires Perm(a[tid], read) ** Perm(b[tid], read) ** Perm(c[tid], write);
  requires -2147483648 <= a[tid] + b[tid] && a[tid] + b[tid] <= 2147483647;
  ensures  Perm(a[tid], read) ** Perm(b[tid], read) ** Perm(c[tid], write);
  ensures  c[tid] == a[tid] + b[tid];
@*/
__kernel void vector_add(__global const int *a, __global const int *b, __global int *c) {
  size_t i = get_global_id(0);
  c[i] = a[i] + b[i];
}
