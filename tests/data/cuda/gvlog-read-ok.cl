//:: verdict verified
// GPUVerify's access log (cfamily/access_log.py): a thread's log holds one access of the
// barrier interval, chosen among those it made, per array and kind; the offsets are in
// bytes (the cell index times clang's element size).  The twin is gvlog-read-wrong.cl.
/*@
  context_everywhere \length(p) == tcount && \length(q) == tcount;
  requires Perm(p[tid], write) ** Perm(q[tid], read);
  ensures  Perm(p[tid], write) ** Perm(q[tid], read);
@*/
__kernel void k(__global int *p, __global int *q) {
  __assert(__no_read(q) && __no_write(p));
  p[get_global_id(0)] = q[get_global_id(0)];
  __assert(!__read(p));
  __assert(!__write(q));
  __assert(__read_implies(q, __read_offset_bytes(q) == get_global_id(0) * sizeof(int)));
  __assert(__write_implies(p, __write_offset_bytes(p) == get_global_id(0) * 4));
}
