//--blockDim=1 --gridDim=3
//:: races racy
// The twin of gridsync-loop-race-free.cu without the step's second grid barrier: a
// block writes its cell of a while the next block may still read it, in the next
// iteration.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
/*@ context_everywhere \length(a) == tcount; context_everywhere \length(b) == tcount; @*/
__global__ void k(int *a, int *b, int steps) {
  cg::grid_group g = cg::this_grid();
  unsigned i = blockIdx.x;
  unsigned n = gridDim.x;
  for (int s = 0; s < steps; s++) {
    b[i] = a[(i + 1) % n]; //! race.data
    g.sync();
    a[i] = b[(i + 1) % n]; //! race.data
  }
}
