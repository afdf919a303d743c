//pass
//--blockDim=4 --gridDim=2
// A float4 copied whole (C copies structs leaf by leaf) into shared memory, then read
// back by a neighbour after the barrier; make_float4 builds it.
__global__ void k(float *a) {
  __shared__ float4 t[4];
  float4 v = make_float4(a[4 * blockDim.x * blockIdx.x + 4 * threadIdx.x], 1.0f, 2.0f, 3.0f);
  t[threadIdx.x] = v;
  __syncthreads();
  float4 w = t[(threadIdx.x + 1) % blockDim.x];
  a[4 * blockDim.x * blockIdx.x + 4 * threadIdx.x + 1] = w.y + w.w;
}
