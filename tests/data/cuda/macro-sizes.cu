//:: verdict verified
// Object-like defines are expanded where they are used, also in sizes and in the launch.
//--blockDim=TILE --gridDim=1
#define TILE 64
#define HALF (TILE / 2)
/*@
  context_everywhere gsize == 64;
  requires Perm(t[lid], write);
@*/
__global__ void k() {
  __shared__ int t[TILE];
  t[threadIdx.x] = HALF;
  __assert(HALF == 32);
}
