/* Cooperative groups' device API (cooperative_groups.h), declarations only, as CUDA's
 * header has them: the block and the grid as groups, with their barriers and the
 * thread's place in them.  Force-included with CUDA's built-ins (cuda_builtins.h), as
 * GPUVerify's cuda.h includes it; a kernel's own `#include <cooperative_groups.h>`
 * finds this file and adds nothing.  The mapping gives each function its meaning by
 * the declaration clang resolves a call to (vercors_py/cfamily/clang_groups.py):
 * the block's barrier and sizes are mapped, the grid's barrier and the warp-level
 * groups (tiles, coalesced groups) are refused.  GPUVerify's suite calls the barrier
 * `synchronize(g)`; CUDA's header calls it `sync(g)`. */
#ifndef VERCORS_COOPERATIVE_GROUPS_H
#define VERCORS_COOPERATIVE_GROUPS_H

namespace cooperative_groups {
class thread_block {
 public:
  __device__ void sync() const;
  __device__ unsigned long long size() const;
  __device__ unsigned long long num_threads() const;
  __device__ unsigned long long thread_rank() const;
  __device__ dim3 group_index() const;
  __device__ dim3 thread_index() const;
  __device__ dim3 group_dim() const;
  __device__ dim3 dim_threads() const;
};
class grid_group {
 public:
  __device__ void sync() const;
  __device__ unsigned long long size() const;
  __device__ unsigned long long num_threads() const;
  __device__ unsigned long long thread_rank() const;
  __device__ bool is_valid() const;
  __device__ dim3 group_dim() const;
};
class coalesced_group {
 public:
  __device__ void sync() const;
  __device__ unsigned long long size() const;
  __device__ unsigned long long num_threads() const;
  __device__ unsigned long long thread_rank() const;
};
template <unsigned int Size, class ParentT = void>
class thread_block_tile {
 public:
  __device__ void sync() const;
  __device__ unsigned long long size() const;
  __device__ unsigned long long num_threads() const;
  __device__ unsigned long long thread_rank() const;
  __device__ unsigned long long meta_group_rank() const;
  __device__ unsigned long long meta_group_size() const;
  template <class T> __device__ T shfl(T var, int src) const;
  template <class T> __device__ T shfl_down(T var, unsigned int delta) const;
  template <class T> __device__ T shfl_up(T var, unsigned int delta) const;
  template <class T> __device__ T shfl_xor(T var, unsigned int mask) const;
};
__device__ thread_block this_thread_block();
__device__ grid_group this_grid();
__device__ coalesced_group coalesced_threads();
template <unsigned int Size, class ParentT> __device__ thread_block_tile<Size, ParentT> tiled_partition(const ParentT &g);
__device__ thread_block tiled_partition(const thread_block &g, unsigned int size);
__device__ void sync(const thread_block &g);
__device__ void sync(const grid_group &g);
__device__ void sync(const coalesced_group &g);
template <unsigned int Size, class ParentT> __device__ void sync(const thread_block_tile<Size, ParentT> &g);
__device__ void synchronize(const thread_block &g);
__device__ void synchronize(const grid_group &g);
}  // namespace cooperative_groups

#endif
