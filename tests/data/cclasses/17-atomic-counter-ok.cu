//pass
//--blockDim=4 --gridDim=2
// Every thread adds to one global counter atomically: no race (issue 28).
__global__ void k(unsigned int *count, int *a) {
  unsigned int old = atomicAdd(count, 1u);
  a[blockIdx.x * blockDim.x + threadIdx.x] = (int)old;
}
