//--blockDim=64 --gridDim=2
//:: races racy
// The twin of warp-syncwarp-race-free.cu without __syncwarp: warp-synchronous code,
// racy since Volta (the threads of a warp are independent) unless --warp-sync says
// they run in lock-step (warp-lockstep-race-free.cu).
/*@ context_everywhere \length(a) == tcount && \length(out) == tcount / 32; @*/
__global__ void reduce(int *a, int *out) {
  __shared__ int s[64];
  int t = threadIdx.x;
  int lane = t % 32;
  s[t] = a[blockIdx.x * blockDim.x + t]; //! race.data
  if (lane < 16) s[t] += s[t + 16];
  if (lane < 8) s[t] += s[t + 8];
  if (lane < 4) s[t] += s[t + 4];
  if (lane < 2) s[t] += s[t + 2];
  if (lane < 1) s[t] += s[t + 1];
  if (lane == 0) out[blockIdx.x * 2 + t / 32] = s[t];
}
