//:: verdict verified
// A __local pointer parameter is local memory: one copy per group, indexed by the local id.
/*@
  context_everywhere \length(t) == gsize && gsize <= 1024;
  requires Perm(t[lid], write);
  ensures  Perm(t[lid], write) ** t[lid] == lid;
@*/
__kernel void k(__local int *t) {
  int l = get_local_id(0);
  t[l] = l;
}
