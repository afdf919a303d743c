//:: verdict verified
// A helper that returns from its middle (from inside a loop, too) gives the value of the
// return it takes; its __ensures is checked after it, on that value.
__device__ int clamp_search(int x, int n) {
  __ensures(x < 0 || __return_val_int() <= x);
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
  int a = clamp_search(-5, n);
  __assert(a == -1);
  int b = clamp_search(n, n + 1);
  __assert(b == n);
}
