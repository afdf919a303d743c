// The twin of conditional-read.cu reading its neighbour's output: thread i reads
// out[i - 1], which thread i - 1 writes.
//--blockDim=64 --gridDim=4
__global__ void shift(const int *in, int *out)
{
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  out[i] = i < 1 ? in[0] : out[i - 1];
}
