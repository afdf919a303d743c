//--blockDim=64 --gridDim=4
//:: races race-free
// A claim in a short-circuit condition: `a[i] == key && atomicCAS(...) == 0` is hoisted
// into a temporary declared without a value (its range a fact of every thread, not only
// of the block the claim is in), so the one winner writes *winner alone.
__global__ void first_match(const int *a, int key, int *flag, int *winner) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (a[i] == key && atomicCAS(flag, 0, 1) == 0)
    *winner = i;
}
