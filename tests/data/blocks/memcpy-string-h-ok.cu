//pass
//--blockDim=4 --gridDim=2
// The C library's headers, included as a CUDA program does: string.h's host functions
// stay host functions, its memcpy and memset are CUDA's device ones.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
__global__ void k(int *in, int *out) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  memcpy(out + i, in + i, sizeof(int));
  memset(in + i, 0, sizeof(int));
}
