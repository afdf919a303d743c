//--blockDim=64 --gridDim=4
//:: cmd races
//:: verdict race-free
//:: note The CUDA form of count-positive.pvl, without annotations: every thread whose input is positive adds 1 to one global counter with atomicAdd. Two atomics on one cell are no race. Lesson docs/tutorial/10-atomics.md.
__global__ void count_positive(const int *a, unsigned int *count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (a[i] > 0)
    atomicAdd(count, 1u);
}
