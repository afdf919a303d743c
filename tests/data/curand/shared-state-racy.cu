//--blockDim=2 --gridDim=1
// Two threads draw from one state: each reads and writes all of its xorwow words.
#include <curand_kernel.h>

__global__ void k(curandState *state, unsigned int *out) {
  out[threadIdx.x] = curand(&state[threadIdx.x / 2]);
}
