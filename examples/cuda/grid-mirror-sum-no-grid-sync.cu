//--blockDim=64 --gridDim=4
//:: cmd races
//:: verdict racy
//:: note grid-mirror-sum.cu without grid.sync(): thread i halves a[i] while thread n - 1 - i, in another block, reads it. `races` and `run` name both threads, their blocks and the cell.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

/*@ context_everywhere \length(a) == tcount && \length(out) == tcount; @*/
__global__ void mirror_sum(int *a, int *out) {
  unsigned int n = gridDim.x * blockDim.x;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = a[i] / 2;
  out[i] = a[i] + a[n - 1 - i];
}
