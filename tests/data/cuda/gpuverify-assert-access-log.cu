//:: verdict rejected unsupported
// GPUVerify's `__assert(!__write(p))` speaks of the access log, which the language cannot
// state; an assertion must be checked, so it is refused at the built-in (an invariant
// using it would be left out with a warning: gpuverify-invariant-access-log.cu).
__global__ void k(int *p) {
  p[blockIdx.x * blockDim.x + threadIdx.x] = 0;
  __assert(!__write(p)); //! unsupported.function
}
