//:: verdict verified
// The twin of local-fence-global-exchange.cl: the barrier fences global memory, so it
// orders the accesses to a and hands the neighbour's cell over.
/*@
  context_everywhere ngroups == 1;
  context_everywhere \length(a) == gsize && \length(b) == gsize && gsize <= 1024;
  requires Perm(a[tid], write) ** Perm(b[tid], write);
  ensures  Perm(b[tid], write);
@*/
__kernel void exchange(__global int *a, __global int *b) {
  a[get_local_id(0)] = get_local_id(0);
  /*@
    ensures Perm(a[(tid + 1) % gsize], read);
    ensures Perm(b[tid], write);             
  @*/
  barrier(CLK_GLOBAL_MEM_FENCE);
  b[get_local_id(0)] = a[(get_local_id(0) + 1) % get_local_size(0)];
}
