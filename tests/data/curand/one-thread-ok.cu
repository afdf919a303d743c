//--blockDim=1 --gridDim=1
// One thread: seeding and drawing from one state cannot race.
#include <curand_kernel.h>

__global__ void k(curandState *state, float *out) {
  curand_init(7, 0, 0, state);
  out[0] = curand_log_normal(state, 0.0f, 1.0f);
  out[1] = curand_log_normal_double(state, 0.0, 1.0);
}
