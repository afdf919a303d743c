//:: verdict fails assert
// The twin of gvlog-read-ok.cl: q is read, so its log may hold the read; the offsets are
// in bytes, not in cells.
/*@
  context_everywhere \length(p) == tcount && \length(q) == tcount;
  requires Perm(p[tid], write) ** Perm(q[tid], read);
  ensures  Perm(p[tid], write) ** Perm(q[tid], read);
@*/
__kernel void k(__global int *p, __global int *q) {
  p[get_global_id(0)] = q[get_global_id(0)];
  __assert(__read_implies(q, __read_offset_bytes(q) == get_global_id(0))); //! assert.failed
  __assert(!__read(q)); //! assert.failed
}
