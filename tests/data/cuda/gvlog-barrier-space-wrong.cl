//:: verdict fails assert
//--local_size=8 --num_groups=1
// The twin of gvlog-barrier-ok.cl: a barrier that fences only global memory keeps the
// access log of a local array.
/*@
  requires Perm(t[lid], write);
@*/
__kernel void k() {
  __local int t[8];
  t[get_local_id(0)] = 1;
  barrier(CLK_GLOBAL_MEM_FENCE);
  __assert(!__write(t)); //! assert.failed
}
