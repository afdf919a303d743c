//:: verdict fails perm
//:: source seed 004 Fig. 8 in OpenCL, mutated: the barrier is removed
//:: twin ../seed004-fig8-no-barrier.pvl
//:: note Without the barrier the thread holds only a[tid] and b[tid], so reading the neighbour's cell lacks permission.
/*@
  context_everywhere ngroups == 1 && gsize <= 1024;
  context_everywhere \length(a) == gsize && \length(b) == gsize;
  requires Perm(a[tid], write) ** Perm(b[tid], write);
  ensures  Perm(b[tid], write) ** b[tid] == (tid + 1) % gsize;
@*/
__kernel void demo(__global int *a, __global int *b) {
  int i = get_local_id(0);
  a[i] = i;
  b[i] = a[(i + 1) % get_local_size(0)];
}
