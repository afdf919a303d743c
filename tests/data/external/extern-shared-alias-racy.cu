//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=1
// Two extern __shared__ arrays start at the same address: t[i] is s[i], so the read of
// the neighbour's t cell races with its write of s.
extern __shared__ float s[];

__global__ void k(float *a) {
  extern __shared__ float t[];
  s[threadIdx.x] = 1.0f;
  a[threadIdx.x] = t[(threadIdx.x + 1) % blockDim.x];
}
