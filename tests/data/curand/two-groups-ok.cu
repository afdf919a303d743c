//--blockDim=1 --gridDim=2
// One thread per group, each draws from the state of its global index.
#include <curand_kernel.h>

__global__ void k(curandState *state, float *out) {
  out[blockIdx.x] = curand_normal(&state[blockIdx.x * blockDim.x + threadIdx.x]);
}
