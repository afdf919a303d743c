//--blockDim=[32,8] --gridDim=[32,32]
// provenance: https://github.com/NVIDIA-developer-blog/code-samples commit 72d62ec464442786a36754508bcb1094d197d6a5 path series/cuda-cpp/transpose/transpose.cu lines 45-46, 78-93
// project: NVIDIA developer blog code samples
// licence: BSD-3-Clause (bench/realcode/LICENSES.md)
// kernel: copySharedMem
// host: dimGrid(nx/TILE_DIM, ny/TILE_DIM) = (32, 32), dimBlock(TILE_DIM, BLOCK_ROWS) = (32, 8), nx = ny = 1024
// verdict: race-free: tile cells written and read back by the same thread, barrier between
// The code below is the original's, verbatim (host code removed).

const int TILE_DIM = 32;
const int BLOCK_ROWS = 8;

__global__ void copySharedMem(float *odata, const float *idata)
{
  __shared__ float tile[TILE_DIM * TILE_DIM];
  
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  int width = gridDim.x * TILE_DIM;

  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
     tile[(threadIdx.y+j)*TILE_DIM + threadIdx.x] = idata[(y+j)*width + x];

  __syncthreads();

  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
     odata[(y+j)*width + x] = tile[(threadIdx.y+j)*TILE_DIM + threadIdx.x];          
}
