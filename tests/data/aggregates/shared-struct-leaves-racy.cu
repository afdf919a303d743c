//xfail:NOT_ALL_VERIFIED
//--blockDim=2 --gridDim=2
// The twin of shared-struct-leaves-ok.cu: both threads write the same leaf, t[0].s.
struct P { int i; short s; };
__global__ void k(int *out) {
  __shared__ P t[2];
  if (threadIdx.x == 0) t[0].s = 7;
  else t[0].s = 3;
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = t[0].i + t[0].s;
}
