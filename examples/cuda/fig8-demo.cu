//:: verdict verified
//:: source seed 004 Fig. 8 in CUDA
//:: twin ../seed004-fig8-demo.pvl
//:: note The contract is written in /*@ ... @*/ in the language's vocabulary; a pointer parameter's length is \length(a). __syncthreads() fences local and global memory.
/*@
  context_everywhere ngroups == 1;
  context_everywhere \length(a) == gsize && \length(b) == gsize;
  requires Perm(a[tid], write) ** Perm(b[tid], write);
  ensures  Perm(b[tid], write) ** b[tid] == (tid + 1) % gsize;
@*/
__global__ void demo(int *a, int *b) {
  a[threadIdx.x] = threadIdx.x;
  /*@
    requires a[tid] == tid;
    ensures  Perm(a[(tid + 1) % gsize], read) ** Perm(b[tid], write);
    ensures  a[(tid + 1) % gsize] == (tid + 1) % gsize;
  @*/
  __syncthreads();
  b[threadIdx.x] = a[(threadIdx.x + 1) % blockDim.x];
}
