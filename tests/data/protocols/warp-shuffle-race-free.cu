//--blockDim=64 --gridDim=2
//:: races race-free
// A warp reduction with shuffles: they move values between the lanes of a warp and
// touch no memory; lane 0 of each warp writes its warp's cell.
/*@ context_everywhere \length(a) == tcount && \length(out) == tcount / 32; @*/
__global__ void reduce(int *a, int *out) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int v = a[tid];
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffff, v, offset);
  if (threadIdx.x % 32 == 0)
    out[tid / 32] = v;
}
