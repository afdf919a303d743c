//--blockDim=256 --gridDim=60480
// provenance: https://github.com/zjin-lcf/HeCBench commit f27000a5188f8ac79bd43fc95a1b3f890c18823d path src/bscan-cuda/main.cu lines 14-106
// project: HeCBench
// licence: BSD-3-Clause (bench/realcode/LICENSES.md)
// kernel: binary_scan
// host: binary_scan<<<12*7*8*9*10, N>>> for N = 32 ... 1024 (256 here)
// verdict: racy: warp_scan is warp-synchronous: lanes read s_data[idx-k] that other lanes write with no __syncwarp(); and every block writes g_odata[threadIdx.x]
// The code below is the original's, verbatim (host code removed).

__device__ __inline__ int warp_scan(int val, volatile int *s_data)
{
  // initialize shared memory accessed by each warp with zeros
  int idx = 2 * threadIdx.x - (threadIdx.x & (warpSize-1));
  s_data[idx] = 0;
  idx += warpSize;
  int t = s_data[idx] = val;
  s_data[idx] = t += s_data[idx - 1];
  s_data[idx] = t += s_data[idx - 2];
  s_data[idx] = t += s_data[idx - 4];
  s_data[idx] = t += s_data[idx - 8];
  s_data[idx] = t += s_data[idx -16];
  return s_data[idx-1];
}

__device__ __inline__ unsigned int lanemask_lt()
{
#ifdef ASM
  unsigned int mask;
  asm("mov.u32 %0, %lanemask_lt;" : "=r"(mask));
  return mask;
#else
  const unsigned int lane = threadIdx.x & (warpSize-1);
  return (1 << (lane)) - 1;
#endif
}

// warp scan optimized for binary
__device__ __inline__ unsigned int binary_warp_scan(bool p)
{
  const unsigned int mask = lanemask_lt();
#if (CUDART_VERSION < 9000)
  unsigned int b = __ballot(p);
  return __popc(b & mask);
#else
  unsigned int b = __ballot_sync(mask, p);
  return __popc(b);
#endif
}

// positive numbers
__host__ __device__ __inline__
bool valid(int x) {
  return x > 0;
}

__device__ __inline__ int block_binary_prefix_sums(int x)
{
  // 2 x warpIdx's upper bound (1024/32)
  __shared__ int sdata[64];

  bool predicate = valid(x);

  // A. Compute exclusive prefix sums within each warp
  int warpPrefix = binary_warp_scan(predicate);
  int idx = threadIdx.x;
  int warpIdx = idx / warpSize;
  int laneIdx = idx & (warpSize - 1);
#ifdef DEBUG
  printf("A %d %d %d\n", warpIdx, laneIdx, warpPrefix);
#endif

  // B. The last thread of each warp stores inclusive
  // prefix sum to the warp’s index in shared memory
  if (laneIdx == warpSize - 1) {
    sdata[warpIdx] = warpPrefix + predicate;
#ifdef DEBUG
    printf("B %d %d\n", warpIdx, sdata[warpIdx]);
#endif
  }
  __syncthreads();

  // C. One warp scans the warp partial sums
  if (idx < warpSize) {
    sdata[idx] = warp_scan(sdata[idx], sdata);
#ifdef DEBUG
    printf("C: %d %d\n", idx, sdata[idx]);
#endif
  }
  __syncthreads();

  // D. Each thread adds prefix sums of warp partial
  // sums to its own intra−warp prefix sums
  return warpPrefix + sdata[warpIdx];
}

__global__ void binary_scan(
        int *__restrict__ g_odata,
  const int *__restrict__ g_idata)
{
  int i = threadIdx.x;
  g_odata[i] = block_binary_prefix_sums(g_idata[i]);
}
