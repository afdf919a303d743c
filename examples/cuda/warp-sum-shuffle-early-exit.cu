//--blockDim=128 --gridDim=2
//:: cmd races
//:: verdict racy
//:: note warp-sum-shuffle.cu with the usual guard if (i >= n) return; before the shuffles: the lanes past n leave, and __shfl_down_sync with the full mask then reads lanes that take no part (undefined in CUDA). `races` reports the jump as divergence (every lane of the warp must reach the exchange); `vercors-py run --no-contracts` names the thread and the lane it reads (divergence.lane, at n = 1).
/*@ context_everywhere \length(in) == n && n <= tcount && \length(out) == tcount / 32; @*/
__global__ void warp_sum(const int *in, int *out, int n) {
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int v = in[i];
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffff, v, offset);
  if (threadIdx.x % 32 == 0)
    out[i / 32] = v;
}
