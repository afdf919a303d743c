//--blockDim=2 --gridDim=3
//:: races racy
// The twin of gridsync-two-phase-race-free.cu with the block's barrier: it orders the
// threads of one block only, and the cell read is another block's.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
/*@ context_everywhere \length(a) == tcount; context_everywhere \length(b) == tcount; @*/
__global__ void k(int *a, int *b) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned n = blockDim.x * gridDim.x;
  a[i] = i; //! race.data
  __syncthreads();
  b[i] = a[(i + blockDim.x) % n]; //! race.data
}
