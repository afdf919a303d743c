//--blockDim=64 --gridDim=4
//:: cmd races
//:: verdict racy
//:: note count-positive.cu where the first thread also copies the counter out: a plain read beside other threads' atomicAdd on the same cell is a data race. Lesson docs/tutorial/10-atomics.md.
__global__ void count_positive(const int *a, unsigned int *count, unsigned int *seen) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (a[i] > 0)
    atomicAdd(count, 1u);
  if (i == 0)
    *seen = *count;
}
