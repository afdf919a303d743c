//:: verdict verified
//:: twin ../vector-add-multigroup.pvl
//:: note Every thread of every block adds its own cells. The global index is computed in unsigned int and stored in an int, so the kernel states that the launch has fewer than 2^31 threads; without that, `blockIdx.x * blockDim.x + threadIdx.x` may overflow (arith.overflow). For the same reason the sums must fit in an int.
/*@
  context_everywhere tcount <= 2147483647;
  context_everywhere \length(a) == tcount && \length(b) == tcount && \length(c) == tcount;
  requires Perm(a[tid], read) ** Perm(b[tid], read) ** Perm(c[tid], write);
  requires -2147483648 <= a[tid] + b[tid] && a[tid] + b[tid] <= 2147483647;
  ensures  Perm(a[tid], read) ** Perm(b[tid], read) ** Perm(c[tid], write);
  ensures  c[tid] == a[tid] + b[tid];
@*/
__global__ void vector_add(const int *a, const int *b, int *c) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  c[i] = a[i] + b[i];
}
