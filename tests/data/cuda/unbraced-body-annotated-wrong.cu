//:: verdict fails assert
// The twin of unbraced-body-annotated.cu whose assertion in an unbraced branch is wrong:
// it is the branch's, and checked.
/*@
  context_everywhere \length(a) == gsize * ngroups;
  requires Perm(a[tid], write);
  ensures Perm(a[tid], write);
@*/
__global__ void k(int *a) {
  int s = 0;
  //@ loop_invariant 0 <= i && i <= 2 && s == 3 * i;
  for (int i = 0; i < 2; i++)
    //@ loop_invariant 0 <= j && j <= 3 && s == 3 * i + j;
    for (int j = 0; j < 3; j++)
      s += 1;
  if (s == 6)
    //@ assert s > 6; //! assert.failed
    a[blockIdx.x * blockDim.x + threadIdx.x] = s;
}
