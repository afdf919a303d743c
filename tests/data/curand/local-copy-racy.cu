//--blockDim=2 --gridDim=1
// cuRAND's idiom: copy the state, draw from the copy, store it back; here both threads
// store their copy into state 0.
#include <curand_kernel.h>

__global__ void k(curandState *state, double *out) {
  curandState local = state[threadIdx.x];
  out[threadIdx.x] = curand_uniform_double(&local);
  state[0] = local;
}
