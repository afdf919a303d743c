//:: verdict verified
//:: note Lesson docs/tutorial/11-cuda.md, step 5: mirror-add-forgets.cu whose barrier says what the tile's cells hold, the input's values, and keeps the bounds of the input: the functional postcondition verifies.
#define BLOCK 256

/*@
  context_everywhere tcount <= \length(in);
  requires 0 <= gid * gsize + lid && gid * gsize + lid < \length(in);
  requires 0 <= gid * gsize + lid && gid * gsize + lid < \length(out);
  requires 0 <= lid && lid < 256;
  requires 0 <= gsize - 1 - lid && gsize - 1 - lid < 256;
  requires (\forall* int k_; 0 <= k_ && k_ < \length(in); Perm(in[k_], read));
  requires (\forall int k; 0 <= k && k < \length(in); -1000000000 <= in[k] && in[k] <= 1000000000);
  requires Perm(out[gid * gsize + lid], write);
  requires Perm(tile[lid], write);
  ensures  Perm(out[gid * gsize + lid], write);
  ensures  Perm(tile[lid], read);
  ensures  Perm(tile[gsize - 1 - lid], read);
  ensures  (\forall* int k_; 0 <= k_ && k_ < \length(in); Perm(in[k_], read));
  ensures  out[tid] == in[tid] + in[gid * gsize + gsize - 1 - lid];
@*/
__global__ void mirror_add(int *out, const int *in) {
  __shared__ int tile[BLOCK];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = in[i];
  /*@
    context  (\forall* int k_; 0 <= k_ && k_ < \length(in); Perm(in[k_], read));
    requires Perm(out[gid * gsize + lid], write);
    context  (\forall int k; 0 <= k && k < \length(in); -1000000000 <= in[k] && in[k] <= 1000000000);
    requires Perm(tile[lid], write) ** tile[lid] == in[tid];
    ensures  Perm(out[gid * gsize + lid], write);
    ensures  Perm(tile[lid], read) ** tile[lid] == in[tid];
    ensures  Perm(tile[gsize - 1 - lid], read) ** tile[gsize - 1 - lid] == in[gid * gsize + gsize - 1 - lid];
  @*/
  __syncthreads();
  out[i] = tile[threadIdx.x] + tile[blockDim.x - 1 - threadIdx.x];
}
