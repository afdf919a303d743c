//--blockDim=[2,2] --gridDim=[2,3]
//:: races race-free
// The grid's thread_rank() is a different number for each of the grid's size() threads:
// the block's linear index in the grid (x fastest) times the block's size, plus the
// thread's rank in its block.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
/*@ context_everywhere \length(a) == 24; @*/
__global__ void k(int *a) {
  cg::grid_group g = cg::this_grid();
  a[g.thread_rank() % g.size()] = g.size();
}
