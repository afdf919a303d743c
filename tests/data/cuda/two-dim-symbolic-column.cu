//:: verdict fails injectivity
// The twin of two-dim-symbolic.cu with the tile indexed by threadIdx.x alone: the threads of
// one column share a cell. No launch configuration: blocks and grid of symbolic 2-D sizes.
// Each thread owns one cell
// of a row-major tile in shared memory, named in the contract by lid.x and lid.y (threadIdx.x
// and threadIdx.y), and its cell of global memory by the linear tid.
/*@
  context_everywhere gsize.z == 1 && ngroups.z == 1 && ngroups <= 4096;
  context_everywhere \length(out) == tcount;
  requires Perm(out[tid], write);
  requires Perm(tile[lid.x], write); //! injectivity.quantified
  ensures Perm(out[tid], write);
@*/
__global__ void k(int *out) {
  __shared__ int tile[1024];
  tile[threadIdx.x] = threadIdx.x;
  out[(blockIdx.y * gridDim.x + blockIdx.x) * (blockDim.x * blockDim.y) + threadIdx.y * blockDim.x + threadIdx.x] = 1;
}
