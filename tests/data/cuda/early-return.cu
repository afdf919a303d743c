//:: verdict fails
// The twin of early-return-ok.cu: the return inside the loop is taken, so the value is
// not the one after the loop.
__device__ int clamp_search(int x, int n) {
  if (x < 0) {
    return -1;
  }
  for (int i = 0; i < n; i++) {
    __invariant(0 <= i && i <= x);
    if (i == x) {
      return i;
    }
  }
  return x - 1;
}
/*@ requires 0 <= n && n < 1000; @*/
__global__ void k(int n) {
  int b = clamp_search(n, n + 1);
  __assert(b == n - 1); //! assert.failed
}
