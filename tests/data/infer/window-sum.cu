// Each thread reads a window of 2 * R + 1 cells of the tile after the barrier, in a loop
// `offset <= R`: its bound `R + 1` and the same window at the barrier (`4`) are one
// permission, a read share of cells its neighbours read too.
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
  __syncthreads();
  unsigned int sum = 0;
  for (int offset = -R; offset <= R; offset++)
    sum += tile[l + offset];
  out[g] = sum;
}
