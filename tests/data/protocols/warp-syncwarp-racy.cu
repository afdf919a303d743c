//--blockDim=64 --gridDim=2
//:: races racy
// The twin of warp-syncwarp-race-free.cu without __syncwarp (its first step):
// warp-synchronous code, racy since Volta (the threads of a warp are independent)
// unless --warp-sync says they run in lock-step (warp-lockstep-race-free.cu).
/*@ context_everywhere \length(a) == tcount && \length(out) == tcount / 32; @*/
__global__ void reduce(int *a, int *out) {
  __shared__ int s[64];
  int t = threadIdx.x;
  int lane = t % 32;
  s[t] = a[blockIdx.x * blockDim.x + t]; //! race.data
  if (lane < 16) s[t] += s[t + 16]; //! race.data
  if (lane == 0) out[blockIdx.x * 2 + t / 32] = s[t];
}
