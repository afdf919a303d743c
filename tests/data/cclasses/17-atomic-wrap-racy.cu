//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=1
// Thread 0 reads the counters plainly before the others' updates are ordered.
__device__ unsigned int ring;
__device__ unsigned int down;
__global__ void k(unsigned int *out) {
  if (threadIdx.x == 0) { ring = 0; down = 0; }
  __syncthreads();
  atomicInc(&ring, 2u);
  atomicSub(&down, 1u);
  if (threadIdx.x == 0) {
    out[0] = ring + down;
  }
}
