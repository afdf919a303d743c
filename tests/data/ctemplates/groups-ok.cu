//--blockDim=64 --gridDim=2
// The block's barrier orders each write of s before the neighbour's read.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void k(int *a)
{
  __shared__ int s[64];
  cg::thread_block b = cg::this_thread_block();
  unsigned r = b.thread_rank();
  s[r] = a[b.group_index().x * b.size() + r];
  b.sync();
  a[b.group_index().x * b.size() + r] = s[(r + 1) % b.size()];
}
