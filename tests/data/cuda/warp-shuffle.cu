//:: verdict verified
// A maximum over pairs of lanes with a shuffle: `check` gives a shuffle's result no
// value (the logic has no warp-level contract yet), so what it proves holds whatever
// the lanes exchange; __syncwarp hands over nothing (docs/warps.md).
/*@
  context_everywhere gsize % 2 == 0;
  context_everywhere \length(a) == tcount && \length(out) == tcount;
  requires Perm(a[tid], read) ** Perm(out[tid], write);
  ensures  Perm(a[tid], read) ** Perm(out[tid], write);
@*/
__global__ void pairs(int *a, int *out) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int v = a[tid];
  int w = __shfl_xor_sync(0xffffffff, v, 1, 2);
  if (w > v) v = w;
  __syncwarp();
  out[tid] = v;
}
