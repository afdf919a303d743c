//--blockDim=64 --gridDim=2
//:: races racy
// The twin of warp-shuffle-race-free.cu: the cell is the warp's in its block, so the
// first warps of two blocks write one cell.
/*@ context_everywhere \length(a) == tcount && \length(out) == tcount / 32; @*/
__global__ void reduce(int *a, int *out) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int v = a[tid];
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffff, v, offset);
  if (threadIdx.x % 32 == 0)
    out[threadIdx.x / 32] = v; //! race.data
}
