//pass
//--blockDim=2 --gridDim=1
// make_uint2 converts its arguments to its parameters' unsigned int: -1 is 2^32 - 1, and
// make_char2's signed char keeps 200 as -56.
#include <vector_types.h>
#include <vector_functions.h>

__global__ void k() {
  uint2 u = make_uint2(-1, 5);
  __assert((long long) u.x == 4294967295LL && u.y == 5u);
  char2 c = make_char2(200, -3);
  __assert(c.x == -56 && c.y == -3);
}
