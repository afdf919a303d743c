//:: races race-free
// A loop left by break bounds its counter: only y = 0 reaches the copy, so each thread reads and
// writes its own cell (issue 26's example).
__global__ void k(int *q, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int y = 0; y < n; y++) {
    if (y >= 1) break;
    q[t] = q[t + y];
  }
}
