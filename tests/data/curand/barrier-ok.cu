//--blockDim=2 --gridDim=1
// Thread 0 seeds the shared state, the barrier orders it before both threads' reads of
// a copy (GPUVerify's init_race without the draw).
#include <curand_kernel.h>

__global__ void k(curandState *state, unsigned int *out) {
  if (threadIdx.x == 0) curand_init(0, 0, 0, state);
  __syncthreads();
  curandState copy = *state;
  out[threadIdx.x] = copy.d;
}
