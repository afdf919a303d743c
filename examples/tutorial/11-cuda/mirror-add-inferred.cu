//:: verdict fails arith
//:: note Lesson docs/tutorial/11-cuda.md, step 2: mirror-add.cu with the contract `vercors-py infer --write` gives it. Permissions and bounds are right; the sum of two cells may overflow an int.
#define BLOCK 256

/*@
  requires 0 <= gid * gsize + lid && gid * gsize + lid < \length(in);
  requires 0 <= gid * gsize + lid && gid * gsize + lid < \length(out);
  requires 0 <= lid && lid < 256;
  requires 0 <= gsize - 1 - lid && gsize - 1 - lid < 256;
  requires (\forall* int k_; 0 <= k_ && k_ < \length(in); Perm(in[k_], read));
  requires Perm(out[gid * gsize + lid], write);
  requires Perm(tile[lid], write);
  ensures  Perm(out[gid * gsize + lid], write);
  ensures  Perm(tile[lid], read);
  ensures  Perm(tile[gsize - 1 - lid], read);
@*/
__global__ void mirror_add(int *out, const int *in) {
  __shared__ int tile[BLOCK];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = in[i];
  /*@
    requires (\forall* int k_; 0 <= k_ && k_ < \length(in); Perm(in[k_], read));
    requires Perm(out[gid * gsize + lid], write);
    requires Perm(tile[lid], write);
    ensures  Perm(out[gid * gsize + lid], write);
    ensures  Perm(tile[lid], read);
    ensures  Perm(tile[gsize - 1 - lid], read);
  @*/
  __syncthreads();
  out[i] = tile[threadIdx.x] + tile[blockDim.x - 1 - threadIdx.x];
}
