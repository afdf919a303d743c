//:: verdict verified
// A loop or an if whose body is one statement without braces: the annotations between
// the header and that statement are the statement's (here the inner loop's invariants,
// needed for the postcondition; they were dropped before).
/*@
  context_everywhere \length(a) == gsize * ngroups;
  requires Perm(a[tid], write);
  ensures Perm(a[tid], write);
  ensures a[tid] == 6;
@*/
__global__ void k(int *a) {
  int s = 0;
  //@ loop_invariant 0 <= i && i <= 2 && s == 3 * i;
  for (int i = 0; i < 2; i++)
    //@ loop_invariant 0 <= j && j <= 3 && s == 3 * i + j;
    for (int j = 0; j < 3; j++)
      s += 1;
  if (s == 6)
    //@ assert s > 5;
    a[blockIdx.x * blockDim.x + threadIdx.x] = s;
  else
    a[blockIdx.x * blockDim.x + threadIdx.x] = 6;
}
