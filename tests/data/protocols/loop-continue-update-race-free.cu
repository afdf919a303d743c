//:: races race-free
// The twin of loop-continue-update-racy.cu whose update reads a cell no thread writes.
__global__ void k(int *q, const int *next, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int y = 0; y < n; y = next[y + 1]) {
    if (y >= 0) continue;
    q[t] = 0;
  }
  q[t] = 1;
}
