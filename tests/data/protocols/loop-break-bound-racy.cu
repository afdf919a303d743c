//:: races racy
// The twin of loop-break-bound-race-free.cu that breaks one iteration later: at y = 1 thread t
// reads the cell thread t + 1 writes.
__global__ void k(int *q, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int y = 0; y < n; y++) {
    if (y >= 2) break;
    q[t] = q[t + y]; //! race.data
  }
}
