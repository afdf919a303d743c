//:: verdict fails perm
// The twin of two-dim-symbolic.cu that leaves the grid's depth open: the index ignores
// blockIdx.z, so blocks (x, y, 0) and (x, y, 1) write the same cells. Each thread owns one cell
// of a row-major tile in shared memory, named in the contract by lid.x and lid.y (threadIdx.x
// and threadIdx.y), and its cell of global memory by the linear tid.
/*@
  context_everywhere gsize.z == 1 && ngroups <= 4096;
  context_everywhere \length(out) == tcount;
  requires Perm(out[tid], write);
  requires Perm(tile[lid.y * gsize.x + lid.x], write);
  ensures Perm(out[tid], write);
@*/
__global__ void k(int *out) {
  __shared__ int tile[1024];
  tile[threadIdx.y * blockDim.x + threadIdx.x] = threadIdx.x;
  out[(blockIdx.y * gridDim.x + blockIdx.x) * (blockDim.x * blockDim.y) + threadIdx.y * blockDim.x + threadIdx.x] = 1; //! perm.write
}
