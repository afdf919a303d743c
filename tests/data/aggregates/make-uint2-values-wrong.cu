//xfail:NOT_ALL_VERIFIED
//--blockDim=2 --gridDim=1
// The twin of make-uint2-values-ok.cu: u.x is 2^32 - 1, not -1, once both are long long.
#include <vector_types.h>
#include <vector_functions.h>

__global__ void k() {
  uint2 u = make_uint2(-1, 5);
  __assert((long long) u.x == -1LL);
}
