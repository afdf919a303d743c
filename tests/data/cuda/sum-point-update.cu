//:: verdict verified
// \sum in a CUDA annotation: after the barrier thread 0 owns the block's cells (each 1) and adds 1 to the last one.
/*@
  context_everywhere ngroups == 1;
  context_everywhere \length(out) == gsize;
  requires Perm(out[tid], write);
  ensures  tid == 0 ==> (\forall* int i; 0 <= i && i < gsize; Perm(out[i], write));
  ensures  tid == 0 ==> (\sum int j; 0 <= j && j < gsize; out[j]) == gsize + 1;
@*/
__global__ void ones(int *out) {
  out[threadIdx.x] = 1;
  /*@
    requires out[tid] == 1;
    ensures  tid == 0 ==> (\forall* int i; 0 <= i && i < gsize; Perm(out[i], write));
    ensures  tid == 0 ==> (\forall int i; 0 <= i && i < gsize; out[i] == 1);
  @*/
  __syncthreads();
  if (threadIdx.x == 0) {
    out[blockDim.x - 1] = out[blockDim.x - 1] + 1;
  }
}
