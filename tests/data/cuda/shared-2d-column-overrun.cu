//:: verdict fails bounds perm
//--blockDim=[8,8] --gridDim=1
// The twin of shared-2d.cu shifted by one column: t[y][8] is outside its row (in memory it
// is the next row's first cell, the neighbour's).
/*@ requires Perm(t[lid], write); @*/
__global__ void k() {
  __shared__ int t[8][8];
  t[threadIdx.y][threadIdx.x + 1] = 0; //! bounds.index perm.write
}
