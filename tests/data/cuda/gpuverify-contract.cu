//:: verdict fails assert
// GPUVerify's __requires is the contract; a __device__ function's __requires is checked at
// each call (it is inlined), not assumed.
__device__ void positive(int x) {
  __requires(x > 0); //! assert.failed
}

__global__ void k(int n) {
  __requires(n >= 0 && n < 100);
  positive(n + 1);
  positive(n);
}
