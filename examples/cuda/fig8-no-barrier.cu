//:: verdict fails perm
//:: source seed 004 Fig. 8 in CUDA, mutated: the barrier is removed
//:: twin ../seed004-fig8-no-barrier.pvl
//:: note Without __syncthreads() the thread holds only a[tid] and b[tid], so reading the neighbour's cell lacks permission (a read-write race for more than one thread).
/*@
  context_everywhere ngroups == 1;
  context_everywhere \length(a) == gsize && \length(b) == gsize;
  requires Perm(a[tid], write) ** Perm(b[tid], write);
  ensures  Perm(b[tid], write) ** b[tid] == (tid + 1) % gsize;
@*/
__global__ void demo(int *a, int *b) {
  a[threadIdx.x] = threadIdx.x;
  b[threadIdx.x] = a[(threadIdx.x + 1) % blockDim.x];
}
