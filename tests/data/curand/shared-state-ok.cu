//--blockDim=2 --gridDim=1
// One state per thread.
#include <curand_kernel.h>

__global__ void k(curandState *state, unsigned int *out) {
  out[threadIdx.x] = curand(&state[threadIdx.x]);
}
