//--blockDim=2 --gridDim=1
// cuRAND's idiom: copy the state, draw from the copy, store it back.
#include <curand_kernel.h>

__global__ void k(curandState *state, double *out) {
  curandState local = state[threadIdx.x];
  out[threadIdx.x] = curand_uniform_double(&local);
  state[threadIdx.x] = local;
}
