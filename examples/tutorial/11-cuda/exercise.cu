//:: verdict fails arith post
//:: note Exercise of docs/tutorial/11-cuda.md: each thread writes the difference between its input element and its left neighbour's in the block (thread 0 of a block copies its own). The contract is what `vercors-py infer --write` gave, plus the postcondition wanted at the end. Make it verify.
#define BLOCK 128

/*@
  requires 0 <= gid * gsize + lid && gid * gsize + lid < \length(in);
  requires lid > 0 ==> 0 <= gid * gsize + lid && gid * gsize + lid < \length(out);
  requires !(lid > 0) ==> 0 <= gid * gsize + lid && gid * gsize + lid < \length(out);
  requires 0 <= lid && lid < 128;
  requires lid > 0 ==> 0 <= lid - 1 && lid - 1 < 128;
  requires (\forall* int k_; 0 <= k_ && k_ < \length(in); Perm(in[k_], read));
  requires Perm(out[gid * gsize + lid], write);
  requires Perm(tile[lid], write);
  ensures  Perm(out[gid * gsize + lid], write);
  ensures  Perm(tile[lid], read);
  ensures  lid > 0 ==> Perm(tile[lid - 1], read);
  ensures  (\forall* int k_; 0 <= k_ && k_ < \length(in); Perm(in[k_], read));
  ensures  out[tid] == (lid > 0 ? in[tid] - in[tid - 1] : in[tid]);
@*/
__global__ void block_diff(int *out, const int *in) {
  __shared__ int tile[BLOCK];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = in[i];
  /*@
    requires (\forall* int k_; 0 <= k_ && k_ < \length(in); Perm(in[k_], read));
    requires Perm(out[gid * gsize + lid], write);
    requires Perm(tile[lid], write);
    ensures  Perm(out[gid * gsize + lid], write);
    ensures  Perm(tile[lid], read);
    ensures  lid > 0 ==> Perm(tile[lid - 1], read);
  @*/
  __syncthreads();
  if (threadIdx.x > 0) {
    out[i] = tile[threadIdx.x] - tile[threadIdx.x - 1];
  } else {
    out[i] = tile[threadIdx.x];
  }
}
