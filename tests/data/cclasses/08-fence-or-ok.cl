//pass
//--local_size=4 --num_groups=1
// Class 8, the twin of 08-fence-or-racy.cl: CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE
// fences both.
/*@
  context_everywhere ngroups == 1 && gsize <= 1024;
  context_everywhere \length(a) == gsize && \length(b) == gsize;
  requires Perm(a[tid], write) ** Perm(b[tid], write);
@*/
__kernel void k(__global int *a, __global int *b) {
  int i = get_local_id(0);
  a[i] = i;
  /*@
    requires a[tid] == tid;
    ensures  Perm(a[(tid + 1) % gsize], read) ** Perm(b[tid], write);
  @*/
  barrier(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);
  b[i] = a[(i + 1) % get_local_size(0)];
}
