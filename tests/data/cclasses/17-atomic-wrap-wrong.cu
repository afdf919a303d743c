//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=1
// atomicInc's bound wraps the count: four increments below 2 leave 1, not 4.
__device__ unsigned int ring;
__device__ unsigned int down;
__global__ void k(unsigned int *out) {
  if (threadIdx.x == 0) { ring = 0; down = 0; }
  __syncthreads();
  atomicInc(&ring, 2u);
  atomicSub(&down, 1u);
  __syncthreads();
  if (threadIdx.x == 0) {
    __assert(ring == 4u);
    __assert(down == 4294967292u);
    out[0] = ring + down;
  }
}
