//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=2
// The twin of shared-vector-copy-ok.cu without the barrier: the neighbour's element is
// read while it is written.
__global__ void k(float *a) {
  __shared__ float4 t[4];
  float4 v = make_float4(a[4 * blockDim.x * blockIdx.x + 4 * threadIdx.x], 1.0f, 2.0f, 3.0f);
  t[threadIdx.x] = v;
  float4 w = t[(threadIdx.x + 1) % blockDim.x];
  a[4 * blockDim.x * blockIdx.x + 4 * threadIdx.x + 1] = w.y + w.w;
}
