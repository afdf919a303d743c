//--blockDim=2 --gridDim=1
// As barrier-ok.cu without the barrier.
#include <curand_kernel.h>

__global__ void k(curandState *state, unsigned int *out) {
  if (threadIdx.x == 0) curand_init(0, 0, 0, state);
  curandState copy = *state;
  out[threadIdx.x] = copy.d;
}
