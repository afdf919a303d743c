//--blockDim=64 --gridDim=4
//:: cmd races
//:: verdict racy
//:: note warp-sum-shared.cu written in the older warp-synchronous style (a volatile helper, no __syncwarp): lane 0 reads s[16] while lane 16 writes it, and nothing orders the two since Volta's independent thread scheduling. `races` and `run` name the two lanes and the cell; warp-sum-shared-lockstep.cu is this kernel under the old lock-step assumption.
__device__ void warp_reduce(volatile int *s, unsigned int tid) {
  s[tid] += s[tid + 32];
  s[tid] += s[tid + 16];
  s[tid] += s[tid + 8];
  s[tid] += s[tid + 4];
  s[tid] += s[tid + 2];
  s[tid] += s[tid + 1];
}

/*@ context_everywhere \length(in) == tcount && \length(out) == ngroups; @*/
__global__ void block_sum(const int *in, int *out) {
  __shared__ int s[64];
  unsigned int tid = threadIdx.x;
  s[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  if (tid < 32)
    warp_reduce(s, tid);
  __syncthreads();
  if (tid == 0)
    out[blockIdx.x] = s[0];
}
