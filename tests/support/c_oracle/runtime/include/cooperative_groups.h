/* Cooperative groups' block group for the oracle (cuda_stub.h is included first): the
 * block's barrier is the runtime's barrier, its thread rank the linear thread index
 * (x fastest), its size the block's thread count.  The grid's group and the warp-level
 * groups are not here: a kernel that uses them does not compile. */
#ifndef ORACLE_COOPERATIVE_GROUPS_H
#define ORACLE_COOPERATIVE_GROUPS_H
namespace cooperative_groups {
struct thread_block {
    void sync() const { __syncthreads(); }
    unsigned long long thread_rank() const {
        return threadIdx.x + (unsigned long long)blockDim.x * (threadIdx.y + (unsigned long long)blockDim.y * threadIdx.z);
    }
    unsigned long long size() const { return (unsigned long long)blockDim.x * blockDim.y * blockDim.z; }
    unsigned long long num_threads() const { return size(); }
    dim3 group_index() const { uint3 b = blockIdx; dim3 r = {b.x, b.y, b.z}; return r; }
    dim3 thread_index() const { uint3 t = threadIdx; dim3 r = {t.x, t.y, t.z}; return r; }
    dim3 group_dim() const { return blockDim; }
    dim3 dim_threads() const { return blockDim; }
};
static inline thread_block this_thread_block() { return thread_block(); }
static inline void sync(const thread_block &g) { g.sync(); }
static inline void synchronize(const thread_block &g) { g.sync(); }
}  // namespace cooperative_groups
#endif
