//:: verdict verified
//:: note Solution of the exercise of docs/tutorial/11-cuda.md: bounds on the input make the difference fit in an int; the barrier keeps the read share and the bounds of `in`, and says which values the two tile cells hold.
#define BLOCK 128

/*@
  requires 0 <= gid * gsize + lid && gid * gsize + lid < \length(in);
  requires lid > 0 ==> 0 <= gid * gsize + lid && gid * gsize + lid < \length(out);
  requires !(lid > 0) ==> 0 <= gid * gsize + lid && gid * gsize + lid < \length(out);
  requires 0 <= lid && lid < 128;
  requires lid > 0 ==> 0 <= lid - 1 && lid - 1 < 128;
  requires (\forall* int k_; 0 <= k_ && k_ < \length(in); Perm(in[k_], read));
  requires (\forall int k; 0 <= k && k < \length(in); -1000000000 <= in[k] && in[k] <= 1000000000);
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
    context  (\forall* int k_; 0 <= k_ && k_ < \length(in); Perm(in[k_], read));
    context  (\forall int k; 0 <= k && k < \length(in); -1000000000 <= in[k] && in[k] <= 1000000000);
    requires Perm(out[gid * gsize + lid], write);
    requires Perm(tile[lid], write) ** tile[lid] == in[tid];
    ensures  Perm(out[gid * gsize + lid], write);
    ensures  Perm(tile[lid], read) ** tile[lid] == in[tid];
    ensures  lid > 0 ==> Perm(tile[lid - 1], read) ** tile[lid - 1] == in[tid - 1];
  @*/
  __syncthreads();
  if (threadIdx.x > 0) {
    out[i] = tile[threadIdx.x] - tile[threadIdx.x - 1];
  } else {
    out[i] = tile[threadIdx.x];
  }
}
