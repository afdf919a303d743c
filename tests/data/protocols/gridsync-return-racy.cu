//--blockDim=1 --gridDim=3
//:: races racy
// Block 1 leaves before the grid barrier that the others wait at (divergence).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
/*@ context_everywhere \length(a) == tcount; @*/
__global__ void k(int *a) {
  a[blockIdx.x] = 1;
  if (blockIdx.x == 1) return; //! divergence.jump
  cg::this_grid().sync();
  a[blockIdx.x] = 2;
}
