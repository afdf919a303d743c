//pass
//--blockDim=4 --gridDim=1
// Unsigned wrap: atomicInc counts modulo its bound + 1, atomicSub below 0 wraps; both
// read after a barrier, and the values asserted.
__device__ unsigned int ring;
__device__ unsigned int down;
__global__ void k(unsigned int *out) {
  if (threadIdx.x == 0) { ring = 0; down = 0; }
  __syncthreads();
  atomicInc(&ring, 2u);
  atomicSub(&down, 1u);
  __syncthreads();
  if (threadIdx.x == 0) {
    __assert(ring == 1u);
    __assert(down == 4294967292u);
    out[0] = ring + down;
  }
}
