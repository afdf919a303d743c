//:: verdict fails perm
//:: note The OpenCL twin of fig8-no-barrier.cu: a context bound of 1024 threads per group, and the smallest launch that races in the counterexample.
/*@
  context_everywhere ngroups == 1 && gsize <= 1024;
  context_everywhere \length(a) == gsize && \length(b) == gsize;
  requires Perm(a[tid], write) ** Perm(b[tid], write);
  ensures  Perm(b[tid], write) ** b[tid] == (tid + 1) % gsize;
@*/
__kernel void demo(__global int *a, __global int *b) {
  int i = get_local_id(0);
  a[i] = i;
  b[i] = a[(i + 1) % get_local_size(0)]; //! perm.read
}
