//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=2
// The twin of default-first-ok.cu: in block 0 the nested `break` is not taken, so
// thread 0 falls through into case -1 and writes s[1], as thread 1 does.
__global__ void k(int *out) {
  __shared__ int s[8];
  int v = (int)threadIdx.x - 2;
  switch (v) {
    default:
      s[threadIdx.x] = v;
      break;
    case -2:
      if (blockIdx.x > 0)
        break;
      s[0] = 1;
    case -1:
      s[1] = 2;
      break;
  }
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = s[threadIdx.x];
}
