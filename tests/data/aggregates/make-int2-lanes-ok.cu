//pass
//--blockDim=4 --gridDim=2
// Two threads share an int2 of global memory (CUDA's struct of vector_types.h): the even
// one writes its x, the odd one its y.
#include <vector_types.h>
#include <vector_functions.h>

__global__ void k(int *a) {
  int2 *p = (int2 *) a;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int2 v = make_int2(i, -i);
  if (i % 2 == 0)
    p[i / 2].x = v.x;
  else
    p[i / 2].y = v.y;
}
