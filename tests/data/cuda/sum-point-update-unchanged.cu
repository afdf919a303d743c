//:: verdict fails post
// sum-point-update.cu claiming the sum is unchanged.
/*@
  context_everywhere ngroups == 1;
  context_everywhere \length(out) == gsize;
  requires Perm(out[tid], write);
  ensures  tid == 0 ==> (\forall* int i; 0 <= i && i < gsize; Perm(out[i], write));
  ensures  tid == 0 ==> (\sum int j; 0 <= j && j < gsize; out[j]) == gsize;   //! post.failed
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
