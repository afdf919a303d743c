//:: verdict verified
// The twin of helper-value.cu with n bounded; the helper's __ensures is checked after it.
__device__ int twice_plus(int x) {
  __ensures(__return_val_int() == 2 * x + 1);
  int y = 2 * x;
  return y + 1;
}
/*@ requires 0 <= n && n < 1000; @*/
__global__ void k(int n) {
  int a = twice_plus(n);
  __assert(a == 2 * n + 1);
}
