//:: verdict verified
// A helper is inlined, and the annotations in its body are read where it is: here an
// assertion about its parameter and a loop's invariant.  A helper no kernel calls is
// never run, nor are its annotations (they are not reported either).
__device__ int sum(int y) {
  //@ assert y == 3;
  int s = 0;
  //@ loop_invariant 0 <= i && i <= y && s == i;
  for (int i = 0; i < y; i++)
    s += 1;
  //@ assert s == 3;
  return s;
}

__device__ void unused(int y) {
  //@ assert y == 1;
}

/*@
  context_everywhere \length(a) == gsize * ngroups;
  requires Perm(a[tid], write);
  ensures Perm(a[tid], write);
  ensures a[tid] == 3;
@*/
__global__ void k(int *a) {
  a[blockIdx.x * blockDim.x + threadIdx.x] = sum(3);
}
