//:: verdict verified
//:: source seed 004 Fig. 8 in OpenCL
//:: twin ../seed004-fig8-demo.pvl
//:: note get_local_id returns a size_t: storing it in an int is checked to fit, so the kernel bounds the group size (arith.overflow otherwise).
/*@
  context_everywhere ngroups == 1 && gsize <= 1024;
  context_everywhere \length(a) == gsize && \length(b) == gsize;
  requires Perm(a[tid], write) ** Perm(b[tid], write);
  ensures  Perm(b[tid], write) ** b[tid] == (tid + 1) % gsize;
@*/
__kernel void demo(__global int *a, __global int *b) {
  int i = get_local_id(0);
  a[i] = i;
  /*@
    requires a[tid] == tid;
    ensures  Perm(a[(tid + 1) % gsize], read) ** Perm(b[tid], write);
    ensures  a[(tid + 1) % gsize] == (tid + 1) % gsize;
  @*/
  barrier(CLK_GLOBAL_MEM_FENCE);
  b[i] = a[(i + 1) % get_local_size(0)];
}
