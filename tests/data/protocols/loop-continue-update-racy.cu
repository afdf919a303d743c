//:: races racy
// `continue` skips the rest of the body, not the loop's update: the update's read of q[y + 1]
// runs in every iteration and meets the write of q[t] after the loop.
__global__ void k(int *q, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int y = 0; y < n; y = q[y + 1]) { //! race.data
    if (y >= 0) continue;
    q[t] = 0;
  }
  q[t] = 1; //! race.data
}
