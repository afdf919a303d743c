//:: verdict verified
// The twin of global-by-local-id.cu in shared memory: each block has its own copy.
/*@
  context_everywhere gsize <= 256;
  requires Perm(t[lid], write);
  ensures  Perm(t[lid], write) ** t[lid] == 1;
@*/
__global__ void k() {
  __shared__ int t[256];
  t[threadIdx.x] = 1;
}
