//:: verdict verified
// The twin of gpuverify-assert-access-log.cu: in a loop invariant the access-log fact only
// helps a proof, so it is left out (a warning) and the invariant in the language's terms
// proves the kernel.
/*@
  context_everywhere \length(p) == tcount;
  requires Perm(p[tid], write);
  ensures  Perm(p[tid], write);
@*/
__global__ void k(int *p) {
  //@ loop_invariant Perm(p[tid], write);
  for (int i = 0; __invariant(__write_implies(p, __write_offset_bytes(p) == 0)), i < 4; i++) {
    p[blockIdx.x * blockDim.x + threadIdx.x] = i;
  }
}
