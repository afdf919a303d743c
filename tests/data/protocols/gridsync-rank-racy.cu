//--blockDim=[2,2] --gridDim=[2,3]
//:: races racy
// The twin of gridsync-rank-race-free.cu: 24 threads, ranks taken modulo 23, so the
// last thread (block 5, thread 3: rank 23) meets the first.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
/*@ context_everywhere \length(a) == 24; @*/
__global__ void k(int *a) {
  cg::grid_group g = cg::this_grid();
  a[g.thread_rank() % 23] = g.size(); //! race.data
}
