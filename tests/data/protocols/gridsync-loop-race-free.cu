//--blockDim=1 --gridDim=3
//:: races race-free
// Blocks of one thread exchange values step by step, each step two phases between
// grid barriers: only threads of different blocks meet.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
/*@ context_everywhere \length(a) == tcount; context_everywhere \length(b) == tcount; @*/
__global__ void k(int *a, int *b, int steps) {
  cg::grid_group g = cg::this_grid();
  unsigned i = blockIdx.x;
  unsigned n = gridDim.x;
  for (int s = 0; s < steps; s++) {
    b[i] = a[(i + 1) % n];
    g.sync();
    a[i] = b[(i + 1) % n];
    g.sync();
  }
}
