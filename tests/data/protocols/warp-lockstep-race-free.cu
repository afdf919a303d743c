//--blockDim=64 --gridDim=2 --warp-sync=32
//:: races race-free
// The twin of warp-syncwarp-racy.cu in lock-step (GPUVerify's --warp-sync=32): a warp runs
// one statement at a time, its reads before its writes, so no step of the reduction
// meets another; threads of two warps still do not meet (their cells are apart).
/*@ context_everywhere \length(a) == tcount && \length(out) == tcount / 32; @*/
__global__ void reduce(int *a, int *out) {
  __shared__ int s[64];
  int t = threadIdx.x;
  int lane = t % 32;
  s[t] = a[blockIdx.x * blockDim.x + t];
  if (lane < 16) s[t] += s[t + 16];
  if (lane < 8) s[t] += s[t + 8];
  if (lane < 4) s[t] += s[t + 4];
  if (lane < 2) s[t] += s[t + 2];
  if (lane < 1) s[t] += s[t + 1];
  if (lane == 0) out[blockIdx.x * 2 + t / 32] = s[t];
}
