//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=2
// As memcpy-string-h-ok.cu, but every thread copies into out[0]: a race.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
__global__ void k(int *in, int *out) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  memcpy(out, in + i, sizeof(int));
  memset(in + i, 0, sizeof(int));
}
