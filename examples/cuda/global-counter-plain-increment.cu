//--blockDim=64 --gridDim=4
//:: cmd races
//:: verdict racy
//:: note global-counter.cu with the atomicAdd written count[0]++: a plain read and a plain write of one cell by every passing thread, which race with each other's (in one block, and between blocks) and lose increments. `races` names two threads of one block; `run` two of different blocks.
/*@ context_everywhere \length(a) == tcount && \length(count) == 1; @*/
__global__ void count_positive(const int *a, unsigned int *count) {
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (a[i] > 0)
    count[0]++;
}
