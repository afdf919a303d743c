//:: verdict fails perm
//:: source seed 004 Fig. 8 in CUDA, mutated: the barrier gives read permission on the thread's own cell
//:: twin ../seed004-fig8-wrong-read-perm.pvl
//:: note After the barrier the thread may read only a[tid], so the read of a[(threadIdx.x + 1) % blockDim.x] lacks permission.
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
    ensures  Perm(a[tid], read) ** Perm(b[tid], write);
    ensures  a[tid] == tid;
  @*/
  __syncthreads();
  b[threadIdx.x] = a[(threadIdx.x + 1) % blockDim.x];
}
