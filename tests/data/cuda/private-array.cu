//:: verdict verified
// A thread's private array: its own cells whatever the other threads do, across a barrier.
// (Annotations cannot state facts about its cells; race freedom needs none.)
/*@
  context_everywhere ngroups == 1 && \length(out) == gsize;
  requires Perm(out[tid], write);
  ensures  Perm(out[tid], write);
@*/
__global__ void k(int *out) {
  int t[4];
  //@ loop_invariant 0 <= i && i <= 4;
  for (int i = 0; i < 4; i++) {
    t[i] = i;
  }
  /*@ requires true; ensures Perm(out[tid], write); @*/
  __syncthreads();
  out[threadIdx.x] = t[3];
}
