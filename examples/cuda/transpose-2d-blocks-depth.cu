//:: verdict fails injectivity
//:: twin ../transpose-2d-blocks-depth.pvl
//:: note transpose-2d-blocks.cu without gsize.z == 1: the kernel is checked for blocks with depth too, where threads (x, y, 0) and (x, y, 1) both claim write on tile[y][x], cell y * 16 + x. The tool reports the overlap with both threads' components; `vercors-py run --gsize 16,16,2` shows the race.
/*@
  context_everywhere gsize.x == 16 && gsize.y == 16;
  context_everywhere tcount <= 2147483647;
  context_everywhere \length(inp) == tcount && \length(out) == tcount;
  requires Perm(inp[tid], read) ** Perm(out[tid], write);
  requires Perm(tile[lid.y * gsize.x + lid.x], write);
  ensures  Perm(inp[gid * gsize + lid.x * gsize.x + lid.y], read) ** Perm(out[tid], write);
  ensures  out[tid] == inp[gid * gsize + lid.x * gsize.x + lid.y];
@*/
__global__ void transpose_blocks(const int *inp, int *out) {
  __shared__ int tile[16][16];
  int block = (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
  int i = block * (blockDim.x * blockDim.y * blockDim.z) + (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  tile[threadIdx.y][threadIdx.x] = inp[i];
  /*@
    requires Perm(tile[lid.y * gsize.x + lid.x], write) ** Perm(inp[tid], read) ** Perm(out[tid], write);
    requires tile[lid.y * gsize.x + lid.x] == inp[tid];
    ensures  Perm(tile[lid.x * gsize.x + lid.y], read) ** Perm(inp[gid * gsize + lid.x * gsize.x + lid.y], read);
    ensures  Perm(out[tid], write);
    ensures  tile[lid.x * gsize.x + lid.y] == inp[gid * gsize + lid.x * gsize.x + lid.y];
  @*/
  __syncthreads();
  out[i] = tile[threadIdx.x][threadIdx.y];
}
