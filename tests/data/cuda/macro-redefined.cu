//:: verdict verified
// An annotation takes the definition in force where it stands: N is 4 in k's contract
// and in its body before the `#undef`, 8 after it and in m.
#define N 4
/*@
  context_everywhere ngroups == 1 && \length(out) == gsize;
  requires Perm(out[tid], write);
  ensures  Perm(out[tid], write) ** out[tid] == N;
@*/
__global__ void k(int *out) {
  out[threadIdx.x] = N;
  //@ assert out[tid] == N;
#undef N
#define N 8
  //@ assert out[tid] == N - 4;
}
/*@
  context_everywhere ngroups == 1 && \length(out) == gsize;
  requires Perm(out[tid], write);
  ensures  Perm(out[tid], write) ** out[tid] == N;
@*/
__global__ void m(int *out) {
  out[threadIdx.x] = N;
}
