//--blockDim=64 --gridDim=2
// Each shuffle and vote against the value CUDA defines for it (run/warps.py): a
// reduction by __shfl_down_sync (lanes 1..32 sum to 528), a butterfly by __shfl_xor_sync,
// __shfl_up_sync and __shfl_sync at the warp's and a segment's edges, the votes.
__global__ void ops(int *out) {
  int lane = threadIdx.x % 32;
  int v = lane + 1;
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffff, v, offset);
  if (lane == 0) __assert(v == 528);
  int all = lane + 1;
  for (int m = 1; m < 32; m *= 2)
    all += __shfl_xor_sync(0xffffffff, all, m);
  __assert(all == 528);
  int up = __shfl_up_sync(0xffffffff, lane, 1);
  __assert(up == (lane == 0 ? 0 : lane - 1));
  int first = __shfl_sync(0xffffffff, lane * 2, 0);
  __assert(first == 0);
  int wrapped = __shfl_sync(0xffffffff, lane, 35);
  __assert(wrapped == 3);
  int seg = __shfl_down_sync(0xffffffff, lane, 4, 8);
  __assert(seg == (lane % 8 < 4 ? lane + 4 : lane));
  unsigned int b = __ballot_sync(0xffffffff, lane < 3);
  __assert(b == 7);
  __assert(__any_sync(0xffffffff, lane == 5) == 1);
  __assert(__all_sync(0xffffffff, lane < 31) == 0);
  __assert(__all_sync(0xffffffff, lane < 32) == 1);
}
