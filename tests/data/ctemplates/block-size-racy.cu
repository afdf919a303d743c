//--blockDim=64 --gridDim=2
// The same kernel with a block size of 32 as well: threads i and i + 32 share s[i % 32].
template <unsigned blockSize>
__global__ void k(float *a)
{
  __shared__ float s[blockSize];
  unsigned i = threadIdx.x;
  s[i % blockSize] = a[blockIdx.x * blockDim.x + i];
  __syncthreads();
  a[blockIdx.x * blockDim.x + i] = s[(i + 1) % blockSize];
}

template __global__ void k<64>(float *);
template __global__ void k<32>(float *);
