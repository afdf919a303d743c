//--blockDim=1 --gridDim=2
// One thread per group, both groups draw from the state of their thread index.
#include <curand_kernel.h>

__global__ void k(curandState *state, float *out) {
  out[blockIdx.x] = curand_normal(&state[threadIdx.x]);
}
