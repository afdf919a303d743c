//--blockDim=64 --gridDim=1
//:: races race-free
// Blelloch's down-sweep: d doubles (and steps by one) while offset halves, once per iteration;
// races ties both to one unknown P = 2^k (races/geometric.py): d == 2P - 2, offset == 2n / P,
// and with d < n the halved offset is at least 1, so the threads' cells bi and ai differ.
__global__ void down(float *out, int n) {
  __shared__ float t[129];
  int lid = threadIdx.x;
  t[2 * lid + 1] = out[2 * lid];
  t[2 * lid + 2] = out[2 * lid + 1];
  int offset = 2 * n;
  for (int d = 0; d < n; d <<= 1) {
    d += 1;
    offset >>= 1;
    __syncthreads();
    if (lid < d) {
      int ai = offset * (lid + 1) - 1;
      int bi = ai + (offset >> 1);
      t[bi + 1] += t[ai + 1];
    }
  }
  __syncthreads();
  out[lid] = t[lid + 1];
}
