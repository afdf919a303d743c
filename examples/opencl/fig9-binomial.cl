//:: verdict verified
//:: source seed 004 Fig. 9 (binomial coefficients) in OpenCL
//:: twin ../seed004-fig9-binomial.pvl
//:: note As the .pvl twin, plus one fact: the sums are computed in int, so the kernel is verified for groups of at most 34 threads and assumes the (true) fact that the sums it computes, binom(n, k) + binom(n, k + 1) for the rows n below 33, fit in an int; without it, `temp + bin[t]` may overflow (arith.overflow). Both barriers fence local memory: the paper's second barrier fences nothing, which in the kernel language still orders all memory, but in OpenCL orders none, and the next round's write of tmp[t] would race with the neighbour's read (`vercors-py races` finds it). Neither barrier fences global memory, so neither hands bin over: each work-item keeps its cell of bin, with its value, across them.
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
__kernel void binomial(__global int *bin) {
  __local int tmp[1024];
  int temp;
  int N = 1;
  int t = get_local_id(0);
  bin[t] = 1;
  /*@
    loop_invariant 1 <= N && N <= gsize - 1;
    loop_invariant Perm(bin[tid], write) ** Perm(tmp[tid], write);
    loop_invariant tid <= N ? bin[tid] == binom(N, tid) : bin[tid] == 1;
  @*/
  while (N < get_local_size(0) - 1) {
    tmp[t] = bin[t];
    /*@
      requires 1 <= N && N < gsize - 1;
      requires tid <= N ==> tmp[tid] == binom(N, tid);
      ensures  1 <= N && N < gsize - 1;
      ensures  Perm(tmp[(tid - 1) % gsize], read);
      ensures  0 < tid && tid <= N ==> tmp[(tid - 1) % gsize] == binom(N, tid - 1);
    @*/
    barrier(CLK_LOCAL_MEM_FENCE);
    N++;
    if (0 < t && t < N) {
      temp = tmp[(t - 1) % get_local_size(0)];
      bin[t] = temp + bin[t];
    }
    /*@
      requires 1 < N && N <= gsize - 1;
      ensures  1 < N && N <= gsize - 1;
      ensures  Perm(tmp[tid], write);
    @*/
    barrier(CLK_LOCAL_MEM_FENCE);
  }
}
