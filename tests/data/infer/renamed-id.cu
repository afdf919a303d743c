// A local named like a reserved name (`tid`, renamed by the mapping) in a condition
// around a loop: written by its value, the id's expression.
__global__ void accumulate(float *dest, const float *src, const unsigned int n)
{
  const unsigned int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid < n)
  {
    for (unsigned int i = 0; i < 16; i++)
    {
      dest[tid] += src[tid];
    }
  }
}
