//--blockDim=64 --gridDim=4
//:: cmd races
//:: verdict race-free
//:: note Lock-free "first thread to arrive": every thread that finds a negative input tries to claim the flag (0 on launch) with atomicCAS(flag, 0, 1); the one that sees the old value 0 is the only winner in the whole grid, and it alone writes the result cell. `races` knows that at most one thread succeeds because every atomic on flag is this same claim and nothing sets it back to 0 without a race (races/claims.py).
/*@ context_everywhere \length(a) == tcount && \length(flag) == 1 && \length(winner) == 1; @*/
__global__ void first_negative(const int *a, int *flag, int *winner) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (a[i] < 0 && atomicCAS(flag, 0, 1) == 0)
    *winner = i;
}
