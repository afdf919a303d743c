//--blockDim=64 --gridDim=2
//:: races race-free
// A warp reduction in shared memory with __syncwarp between the steps: each step reads
// cells its warp wrote before the barrier (Volta and later: a warp's threads are
// independent, and __syncwarp orders them).
/*@ context_everywhere \length(a) == tcount && \length(out) == tcount / 32; @*/
__global__ void reduce(int *a, int *out) {
  __shared__ int s[64];
  int t = threadIdx.x;
  int lane = t % 32;
  s[t] = a[blockIdx.x * blockDim.x + t];
  __syncwarp();
  if (lane < 16) s[t] += s[t + 16];
  __syncwarp();
  if (lane < 8) s[t] += s[t + 8];
  __syncwarp();
  if (lane < 4) s[t] += s[t + 4];
  __syncwarp();
  if (lane < 2) s[t] += s[t + 2];
  __syncwarp();
  if (lane < 1) s[t] += s[t + 1];
  __syncwarp();
  if (lane == 0) out[blockIdx.x * 2 + t / 32] = s[t];
}
