//--blockDim=64 --gridDim=2
// Without the block's barrier, thread r + 1 may write s[r + 1] while thread r reads it.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void k(int *a)
{
  __shared__ int s[64];
  cg::thread_block b = cg::this_thread_block();
  unsigned r = b.thread_rank();
  s[r] = a[b.group_index().x * b.size() + r];
  a[b.group_index().x * b.size() + r] = s[(r + 1) % b.size()];
}
