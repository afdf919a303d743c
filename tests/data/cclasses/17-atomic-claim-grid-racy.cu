//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=2
// The winner hands the flag back (atomicExch): the next thread wins too, and two
// winners write one cell.
__device__ int flag;
__global__ void k(int *winner) {
  if (atomicCAS(&flag, 0, 1) == 0) {
    *winner = blockIdx.x * blockDim.x + threadIdx.x;
    atomicExch(&flag, 0);
  }
}
