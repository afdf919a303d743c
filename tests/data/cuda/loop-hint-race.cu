//:: verdict fails perm
// The twin of loop-hint.cl whose unrolled loop writes its neighbour's first cell (thread t
// writes a[t] and a[t + 1]): the hint changes nothing of what the loop does, so the write
// is still checked, and `races` finds the race.
/*@
  context_everywhere ngroups == 1 && \length(a) == 2 * gsize;
  requires Perm(a[2 * lid], write) ** Perm(a[2 * lid + 1], write);
@*/
__global__ void k(int *a) {
  //@ loop_invariant 0 <= i && i <= 2 ** Perm(a[2 * lid], write) ** Perm(a[2 * lid + 1], write);
  #pragma unroll
  for (int i = 0; i < 2; i++)
    a[threadIdx.x + i] = i; //! perm.write
}
