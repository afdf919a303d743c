//--blockDim=64 --gridDim=4
//:: cmd races
//:: verdict racy
//:: note grid-mirror-sum.cu with __syncthreads() in place of grid.sync(): a block's barrier orders the threads of its own block only, and the mirror cell a[n - 1 - i] belongs to another block (gridDim.x > 1), so the write and the read still race.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

/*@ context_everywhere \length(a) == tcount && \length(out) == tcount; @*/
__global__ void mirror_sum(int *a, int *out) {
  unsigned int n = gridDim.x * blockDim.x;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = a[i] / 2;
  __syncthreads();
  out[i] = a[i] + a[n - 1 - i];
}
