// launch: sizes not fixed by the host (symbolic)
// provenance: https://github.com/zjin-lcf/HeCBench commit f27000a5188f8ac79bd43fc95a1b3f890c18823d path src/convolution1D-cuda/main.cu lines 22-22, 25-26, 46-79
// project: HeCBench
// licence: BSD-3-Clause (bench/realcode/LICENSES.md)
// kernel: conv1d_tiled<T>
// host: conv1d_tiled<T><<<input_width/bs, bs, (bs + MAX_MASK_WIDTH - 1)*sizeof(T)>>>; after the PMPP book, chapter 7
// verdict: race-free: left halo tile[0..n-1] by the last n threads, centre tile[n+tx], right halo tile[bd+n..] by the first n threads: disjoint; barrier; then reads
// The code below is the original's, verbatim (host code removed).

#define MAX_MASK_WIDTH 10

template<typename T>
__constant__ T mask [MAX_MASK_WIDTH];

template<typename T>
__global__
void conv1d_tiled(const T *__restrict__ in,
                        T *__restrict__ out,
                  const int input_width,
                  const int mask_width)
{
  extern __shared__ unsigned char smem[]; // TILE_SIZE + MAX_MASK_WIDTH - 1;
  T *tile = reinterpret_cast<T*>(smem);
  int i = threadIdx.x + blockIdx.x * blockDim.x;

  int n = mask_width / 2;  // last n cells of the previous tile

  // load left cells 
  int halo_left = (blockIdx.x - 1) * blockDim.x + threadIdx.x;
  if (threadIdx.x >= blockDim.x - n)
     tile[threadIdx.x - (blockDim.x - n)] = halo_left < 0 ? 0 : in[halo_left];

  // load center cells
  tile[n + threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];

  // load right cells
  int halo_right = (blockIdx.x + 1) * blockDim.x + threadIdx.x;
  if (threadIdx.x < n)
     tile[threadIdx.x + blockDim.x + n] = halo_right >= input_width ? 0 : in[halo_right];

  __syncthreads();

  T s = 0;
  for (int j = 0; j < mask_width; j++)
    s += tile[threadIdx.x + j] * mask<T>[j];

  out[i] = s;
}

// Added, not in the original: the instantiations its host makes (conv1D<double>,
// conv1D<float>, conv1D<int16_t>, here `short`, the type int16_t names).
template __global__ void conv1d_tiled<double>(const double *, double *, const int, const int);
template __global__ void conv1d_tiled<float>(const float *, float *, const int, const int);
template __global__ void conv1d_tiled<short>(const short *, short *, const int, const int);
