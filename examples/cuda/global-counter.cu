//--blockDim=64 --gridDim=4
//:: cmd races
//:: verdict race-free
//:: note A global counter: every thread of every block whose input is positive adds 1 to one counter with atomicAdd. Two atomics on one cell are no race, from one block or from two, so `vercors-py races` calls it race-free without annotations (the context clause only sizes the arrays for `vercors-py run`).
/*@ context_everywhere \length(a) == tcount && \length(count) == 1; @*/
__global__ void count_positive(const int *a, unsigned int *count) {
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (a[i] > 0)
    atomicAdd(count, 1u);
}
