//:: verdict fails assert
//:: note Only gsize = 1024 breaks the assertion, since gsize is a power of two of at most 1024 threads. A smaller model found without the definition of isPow2 (gsize = 600) gives isPow2 an impossible value, so the note keeps the solver's own.
/*@
  requires n >= 1;
  pure bool isPow2(int n) = n == 1 ? true : (n % 2 == 0 && isPow2(n / 2));
@*/

/*@
  context_everywhere ngroups == 1;
  context_everywhere isPow2(gsize);
  context_everywhere \length(a) == gsize;
  requires Perm(a[tid], write);
  ensures  Perm(a[tid], write);
@*/
__global__ void k(int *a) {
  a[threadIdx.x] = 0;
  /*@ assert gsize < 600; @*/ //! assert.failed
}
