//--blockDim=64 --gridDim=2
// Launched with 64 threads: a block size of 64 is the launch's, each thread its cell.
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
