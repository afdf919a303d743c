//--blockDim=2 --gridDim=3
//:: races race-free
// Cooperative groups' grid barrier orders threads of different blocks: each thread
// writes its cell, then reads the cell of the same thread of the next block.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
/*@ context_everywhere \length(a) == tcount; context_everywhere \length(b) == tcount; @*/
__global__ void k(int *a, int *b) {
  cg::grid_group g = cg::this_grid();
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned n = blockDim.x * gridDim.x;
  a[i] = i;
  g.sync();
  b[i] = a[(i + blockDim.x) % n];
}
