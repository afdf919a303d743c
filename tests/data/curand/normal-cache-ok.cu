//--blockDim=2 --gridDim=1
// Thread 1 reads the Box-Muller field of state 0 while thread 0 draws raw bits from it:
// curand reads and writes d and v only.
#include <curand_kernel.h>

__global__ void k(curandState *state, float *out) {
  if (threadIdx.x == 0) {
    out[0] = curand(&state[0]);
  } else {
    out[1] = state[0].boxmuller_extra;
  }
}
