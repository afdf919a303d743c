//:: verdict verified
//--blockDim=[4,2] --gridDim=1
// The twin of two-dim-ignores-y.cu: the cell of thread (x, y) is y * 4 + x, its lid.
/*@
  context_everywhere \length(a) == 8;
  requires Perm(a[lid], write);
  ensures  Perm(a[lid], write) ** a[lid] == lid / 4;
@*/
__global__ void k(int *a) {
  a[threadIdx.y * blockDim.x + threadIdx.x] = threadIdx.y;
}
