//:: verdict fails injectivity distribution
// The twin of opencl-local-param.cl in global memory: work-item l of every group owns t[l].
/*@
  context_everywhere \length(t) == gsize && gsize <= 1024;
  requires Perm(t[lid], write); //! injectivity.quantified distribution.kernel
@*/
__kernel void k(__global int *t) {
  int l = get_local_id(0);
  t[l] = l;
}
