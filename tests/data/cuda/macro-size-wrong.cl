//:: verdict fails post
// The twin of macro-size.cl whose postcondition misses the define's value by one.
#define BLOCK 32u
#define LAST (BLOCK - 1)
/*@
  context_everywhere ngroups == 1 && gsize == BLOCK && \length(out) == gsize;
  requires Perm(out[tid], write);
  ensures  Perm(out[tid], write) ** out[tid] == BLOCK - tid; //! post.failed
@*/
__kernel void k(__global int *out) {
  out[get_local_id(0)] = LAST - get_local_id(0);
}
