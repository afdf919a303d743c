//--blockDim=64 --gridDim=4
//:: cmd races
//:: verdict race-free
//:: note A two-phase kernel over the whole grid (cooperative groups, launched with cudaLaunchCooperativeKernel): phase 1 halves every cell in place, grid.sync() waits for every thread of every block, and phase 2 adds each cell to its mirror image a[n - 1 - i], which another block halved. The grid barrier orders threads of different blocks, as __syncthreads() orders those of one block.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

/*@ context_everywhere \length(a) == tcount && \length(out) == tcount; @*/
__global__ void mirror_sum(int *a, int *out) {
  cg::grid_group grid = cg::this_grid();
  unsigned int n = gridDim.x * blockDim.x;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = a[i] / 2;
  grid.sync();
  out[i] = a[i] + a[n - 1 - i];
}
