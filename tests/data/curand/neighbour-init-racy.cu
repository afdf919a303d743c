//--blockDim=2 --gridDim=2
// Each thread seeds its neighbour's state while the neighbour draws from it.
#include <curand_kernel.h>

__global__ void k(curandState *state, float *out) {
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int n = gridDim.x * blockDim.x;
  curand_init(1234, i, 0, &state[(i + 1) % n]);
  out[i] = curand_uniform(&state[i]);
}
