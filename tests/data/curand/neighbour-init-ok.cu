//--blockDim=2 --gridDim=2
// Each thread seeds its own state, then draws from it.
#include <curand_kernel.h>

__global__ void k(curandState *state, float *out) {
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  curand_init(1234, i, 0, &state[i]);
  out[i] = curand_uniform(&state[i]);
}
