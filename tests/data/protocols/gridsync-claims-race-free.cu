//--blockDim=1 --gridDim=4
//:: races race-free
// Claims in two intervals of the grid's barriers, the flag set back to 0 between them:
// each interval has one winner, who alone writes out[0] in it.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(int *flag, int *out) {
  cg::grid_group g = cg::this_grid();
  if (blockIdx.x == 0) *flag = 0;
  g.sync();
  if (atomicCAS(flag, 0, 1) == 0) out[0] = 1;
  g.sync();
  if (blockIdx.x == 0) *flag = 0;
  g.sync();
  if (atomicCAS(flag, 0, 1) == 0) out[0] = 2;
}
