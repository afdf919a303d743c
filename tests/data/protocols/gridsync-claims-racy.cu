//--blockDim=1 --gridDim=4
//:: races racy
// The twin of gridsync-claims-race-free.cu: the first interval's winner writes in the
// last interval, beside that interval's winner.  Two claims of two groups are apart only
// in one grid interval: across the reset, two blocks do win (races/claims.py).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(int *flag, int *out) {
  cg::grid_group g = cg::this_grid();
  if (blockIdx.x == 0) *flag = 0;
  g.sync();
  int won = atomicCAS(flag, 0, 1) == 0;
  g.sync();
  if (blockIdx.x == 0) *flag = 0;
  g.sync();
  int again = atomicCAS(flag, 0, 1) == 0;
  if (won || again) out[0] = blockIdx.x; //! race.data
}
