//--blockDim=64 --gridDim=4 --warp-sync=32
//:: cmd races
//:: verdict race-free
//:: note warp-sum-shared-no-syncwarp.cu under GPUVerify's --warp-sync=32 (on the launch line; `--warp-sync` on the command line of races and run does the same): the threads of a warp run in lock-step, one statement at a time with its reads before its writes, as on hardware before Volta. Then no step meets another, and the kernel is race-free; on Volta and later it is not (warp-sum-shared-no-syncwarp.cu).
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
