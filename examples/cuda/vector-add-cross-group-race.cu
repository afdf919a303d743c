//:: verdict fails distribution injectivity
//:: twin ../vector-add-multigroup-cross-group-race.pvl
//:: note vector-add.cu with the output indexed by threadIdx.x alone: thread x of every block claims write permission on c[x], so with two or more blocks two threads own and write the same cell.
/*@
  context_everywhere tcount <= 2147483647;
  context_everywhere \length(a) == tcount && \length(b) == tcount && \length(c) == tcount;
  requires Perm(a[tid], read) ** Perm(b[tid], read) ** Perm(c[lid], write);
  requires -2147483648 <= a[tid] + b[tid] && a[tid] + b[tid] <= 2147483647;
  ensures  Perm(a[tid], read) ** Perm(b[tid], read) ** Perm(c[lid], write);
  ensures  c[lid] == a[tid] + b[tid];
@*/
__global__ void vector_add(const int *a, const int *b, int *c) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  c[threadIdx.x] = a[i] + b[i];
}
