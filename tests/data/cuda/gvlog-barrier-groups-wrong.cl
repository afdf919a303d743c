//:: verdict fails assert
//--local_size=8 --num_groups=2
// The twin of gvlog-barrier-ok.cl: with two groups GPUVerify pairs threads of different
// groups, for which no barrier empties the log of a global array.
/*@
  context_everywhere \length(a) == tcount;
  requires Perm(a[tid], write);
@*/
__kernel void k(__global int *a) {
  a[get_global_id(0)] = 2;
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  __assert(!__write(a)); //! assert.failed
}
