// The twin of window-sum.cu without its barrier: thread i reads the cell thread i + 1
// writes, with nothing between.
//--blockDim=64 --gridDim=4
#define R 3
__global__ void window(const unsigned int *in, unsigned int *out)
{
  __shared__ unsigned int tile[64 + 2 * R];
  int l = threadIdx.x + R;
  int g = threadIdx.x + blockIdx.x * blockDim.x;
  tile[l] = in[g];
  if (threadIdx.x < R) {
    tile[l - R] = 0;
    tile[l + 64] = 0;
  }
  unsigned int sum = 0;
  for (int offset = -R; offset <= R; offset++)
    sum += tile[l + offset];
  out[g] = sum;
}
