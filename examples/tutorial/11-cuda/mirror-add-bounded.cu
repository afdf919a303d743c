//:: verdict verified
//:: note Lesson docs/tutorial/11-cuda.md, step 3: mirror-add-inferred.cu with bounds on the input (the kernel's precondition) carried through the barrier to the two cells each thread adds. No sum overflows.
#define BLOCK 256

/*@
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
@*/
__global__ void mirror_add(int *out, const int *in) {
  __shared__ int tile[BLOCK];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = in[i];
  /*@
    requires (\forall* int k_; 0 <= k_ && k_ < \length(in); Perm(in[k_], read));
    requires Perm(out[gid * gsize + lid], write);
    requires Perm(tile[lid], write) ** -1000000000 <= tile[lid] && tile[lid] <= 1000000000;
    ensures  Perm(out[gid * gsize + lid], write);
    ensures  Perm(tile[lid], read) ** -1000000000 <= tile[lid] && tile[lid] <= 1000000000;
    ensures  Perm(tile[gsize - 1 - lid], read)
             ** -1000000000 <= tile[gsize - 1 - lid] && tile[gsize - 1 - lid] <= 1000000000;
  @*/
  __syncthreads();
  out[i] = tile[threadIdx.x] + tile[blockDim.x - 1 - threadIdx.x];
}
