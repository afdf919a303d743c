//:: verdict rejected type
//:: source seed 004 Fig. 8 in OpenCL, mutated: the barrier fences local memory only
//:: note A CLK_LOCAL_MEM_FENCE barrier does not order the accesses to global memory (OpenCL, GPUVerify): the neighbour's a[(tid + 1) % gsize], written before the barrier, is read after it in a race, so the barrier cannot hand it over (type.barrier-fence); `vercors-py races` and `vercors-py run` report the race.
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
  barrier(CLK_LOCAL_MEM_FENCE);
  b[i] = a[(i + 1) % get_local_size(0)];
}
