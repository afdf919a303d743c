//:: verdict fails barrier perm
//:: source seed 004 Fig. 9 (binomial coefficients) in CUDA, mutated: the first barrier lets each thread keep write access to its own tmp[tid]
//:: twin ../seed004-fig9-binomial-overdistribute.pvl
//:: note Thread tid keeps write on tmp[tid] while thread tid+1 gets read on the same cell, so the group's single write permission per cell of tmp is over-committed at the first barrier.
/*@
  requires 0 <= k && k <= n;
  pure int binom(int n, int k) = (k == 0 || k == n) ? 1 : binom(n - 1, k - 1) + binom(n - 1, k);
@*/

/*@
  context_everywhere gsize > 1;
  context_everywhere ngroups == 1;
  context_everywhere \length(bin) == gsize;
  context_everywhere gsize <= 34;
  context_everywhere (\forall int n, int k; 0 <= k && k < n && n < 33; 0 <= binom(n, k) && binom(n, k) + binom(n, k + 1) <= 2147483647);
  requires Perm(bin[tid], write) ** Perm(tmp[tid], write);
  ensures  Perm(bin[tid], write) ** bin[tid] == binom(gsize - 1, tid);
@*/
__global__ void binomial(int *bin) {
  __shared__ int tmp[1024];
  int temp;
  int N = 1;
  unsigned t = threadIdx.x;
  bin[t] = 1;
  /*@
    loop_invariant 1 <= N && N <= gsize - 1;
    loop_invariant Perm(bin[tid], write) ** Perm(tmp[tid], write);
    loop_invariant tid <= N ? bin[tid] == binom(N, tid) : bin[tid] == 1;
  @*/
  while (N < blockDim.x - 1) {
    tmp[t] = bin[t];
    /*@
      requires 1 <= N && N < gsize - 1;
      requires tid <= N ==> tmp[tid] == binom(N, tid);
      requires tid <= N ? bin[tid] == binom(N, tid) : bin[tid] == 1;
      ensures  1 <= N && N < gsize - 1;
      ensures  Perm(bin[tid], write) ** Perm(tmp[tid], write) ** Perm(tmp[(tid - 1) % gsize], read);
      ensures  tid <= N ? bin[tid] == binom(N, tid) : bin[tid] == 1;
      ensures  0 < tid && tid <= N ==> tmp[(tid - 1) % gsize] == binom(N, tid - 1);
    @*/
    __syncthreads();
    N++;
    if (0 < t && t < N) {
      temp = tmp[(t - 1) % blockDim.x];
      bin[t] = temp + bin[t];
    }
    /*@
      requires 1 < N && N <= gsize - 1;
      requires tid <= N ? bin[tid] == binom(N, tid) : bin[tid] == 1;
      ensures  1 < N && N <= gsize - 1;
      ensures  Perm(bin[tid], write) ** Perm(tmp[tid], write);
      ensures  tid <= N ? bin[tid] == binom(N, tid) : bin[tid] == 1;
    @*/
    __syncthreads();
  }
}
