//pass
//--blockDim=4 --gridDim=2
// One thread of the whole grid claims the global flag (0 to 1, never back) and writes
// the winner: no other thread of any block can.
__device__ int flag;
__global__ void k(int *winner) {
  if (atomicCAS(&flag, 0, 1) == 0) *winner = blockIdx.x * blockDim.x + threadIdx.x;
}
