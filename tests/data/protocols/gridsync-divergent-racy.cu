//--blockDim=2 --gridDim=3
//:: races racy
// A grid barrier that only block 0 reaches: blockIdx is the same for the threads of a
// block, but not for all threads of the kernel (divergence; CUDA hangs).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
/*@ context_everywhere \length(a) == tcount; @*/
__global__ void k(int *a) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = i;
  if (blockIdx.x == 0) {
    cg::this_grid().sync(); //! divergence.barrier
  }
}
