//:: verdict rejected type
// A barrier that fences only local memory does not order global accesses (OpenCL, as
// GPUVerify reads it): it cannot hand a neighbour's global cell over.  The twin,
// global-fence-global-exchange.cl, fences global memory.
/*@
  context_everywhere ngroups == 1;
  context_everywhere \length(a) == gsize && \length(b) == gsize && gsize <= 1024;
  requires Perm(a[tid], write) ** Perm(b[tid], write);
  ensures  Perm(b[tid], write);
@*/
__kernel void exchange(__global int *a, __global int *b) {
  a[get_local_id(0)] = get_local_id(0);
  /*@
    ensures Perm(a[(tid + 1) % gsize], read);  //! type.barrier-fence
    ensures Perm(b[tid], write);               //! type.barrier-fence
  @*/
  barrier(CLK_LOCAL_MEM_FENCE);
  b[get_local_id(0)] = a[(get_local_id(0) + 1) % get_local_size(0)];
}
