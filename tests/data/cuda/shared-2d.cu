//:: verdict verified
//--blockDim=[8,8] --gridDim=1
// A 2-D shared tile, t[y][x] in C, cell y * 8 + x (the thread's lid) in annotations.
/*@
  requires Perm(t[lid], write);
  ensures  Perm(t[lid], write) ** t[lid] == lid % 8;
@*/
__global__ void k() {
  __shared__ int t[8][8];
  t[threadIdx.y][threadIdx.x] = threadIdx.x;
}
