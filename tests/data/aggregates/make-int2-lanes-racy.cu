//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=2
// The twin of make-int2-lanes-ok.cu: the odd thread writes x too, the even thread's.
#include <vector_types.h>
#include <vector_functions.h>

__global__ void k(int *a) {
  int2 *p = (int2 *) a;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int2 v = make_int2(i, -i);
  if (i % 2 == 0)
    p[i / 2].x = v.x;
  else
    p[i / 2].x = v.y;
}
