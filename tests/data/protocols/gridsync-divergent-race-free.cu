//--blockDim=2 --gridDim=3
//:: races race-free
// The twin of gridsync-divergent-racy.cu: a condition every thread of the kernel
// evaluates alike (a parameter and the grid's size).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
/*@ context_everywhere \length(a) == tcount; @*/
__global__ void k(int *a, int n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = i;
  if (n > 0 && gridDim.x > 1) {
    cg::this_grid().sync();
  }
}
