//:: verdict verified
//:: twin ../transpose-2d-blocks.pvl
//:: note A 2-D launch: every block is 16 x 16 threads, on a grid of any shape, and transposes its own slice of inp through a __shared__ tile[16][16]. Thread (x, y) writes tile[y][x]; after __syncthreads() it reads tile[x][y], the cell of thread (y, x), whose value is the matching cell of inp. In annotations tile[y][x] is cell lid.y * gsize.x + lid.x (row by row), and the thread's global index, which the body computes from blockIdx, gridDim, blockDim and threadIdx, is the linear tid. The block's shape is stated, depth 1 included (transpose-2d-blocks-depth.cu), and the launch has fewer than 2^31 threads so that the index, computed in unsigned int, fits in an int.
/*@
  context_everywhere gsize.x == 16 && gsize.y == 16 && gsize.z == 1;
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
