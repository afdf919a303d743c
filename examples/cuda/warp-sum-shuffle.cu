//--blockDim=128 --gridDim=2
//:: cmd races
//:: verdict race-free
//:: note A warp reduction with shuffles: each lane loads its input (0 past the end n, so that every lane of every warp takes part), five __shfl_down_sync steps add the upper half of the warp into the lower one, and lane 0 writes the warp's sum. Shuffles move values between lanes and touch no memory; the only write is lane 0's, to its warp's own cell. `vercors-py run --no-contracts` computes the sums (each exchange once every lane of the warp is there).
/*@ context_everywhere \length(in) == n && n <= tcount && \length(out) == tcount / 32; @*/
__global__ void warp_sum(const int *in, int *out, int n) {
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = i < n ? in[i] : 0;
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffff, v, offset);
  if (threadIdx.x % 32 == 0)
    out[i / 32] = v;
}
