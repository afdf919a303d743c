//--blockDim=[8,4] --gridDim=1
// cg::sync(b) is the block's barrier; thread_rank is x + 8 * y.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__device__ void wait(const cg::thread_block &g) { cg::sync(g); }

__global__ void k(int *a)
{
  __shared__ int s[32];
  cg::thread_block b = cg::this_thread_block();
  s[threadIdx.x + 8 * threadIdx.y] = 1;
  wait(b);
  a[b.thread_rank()] = s[(b.thread_rank() + 1) % 32];
}
