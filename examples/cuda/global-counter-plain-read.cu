//--blockDim=64 --gridDim=4
//:: cmd races
//:: verdict racy
//:: note global-counter.cu where the first thread of each block also records the count so far with a plain read: a read beside other threads' atomicAdd on the same cell, in the same barrier interval (and from other blocks, which no barrier orders), is a data race. `vercors-py run --no-contracts --param '\length(a)=256'` shows it (with three arrays, run's search for lengths that meet the context stops before that one).
/*@ context_everywhere \length(a) == tcount && \length(count) == 1 && \length(seen) == ngroups; @*/
__global__ void count_positive(const int *a, unsigned int *count, unsigned int *seen) {
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (a[i] > 0)
    atomicAdd(count, 1u);
  if (threadIdx.x == 0)
    seen[blockIdx.x] = *count;
}
