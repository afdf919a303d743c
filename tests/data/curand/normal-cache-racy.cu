//--blockDim=2 --gridDim=1
// Thread 1 reads the Box-Muller field of state 0 that thread 0's curand_normal writes;
// curand itself never touches it, so the race is the cached number's.
#include <curand_kernel.h>

__global__ void k(curandState *state, float *out) {
  if (threadIdx.x == 0) {
    out[0] = curand_normal(&state[0]);
  } else {
    out[1] = state[0].boxmuller_extra;
  }
}
