// launch: sizes not fixed by the host (symbolic)
// provenance: https://github.com/zjin-lcf/HeCBench commit f27000a5188f8ac79bd43fc95a1b3f890c18823d path src/convolution1D-cuda/main.cu lines 22-22, 25-44
// project: HeCBench
// licence: BSD-3-Clause (bench/realcode/LICENSES.md)
// kernel: conv1d<T>
// host: conv1d<T><<<input_width/bs, bs>>>, mask in __constant__ memory; after the PMPP book (Kirk and Hwu), chapter 7
// verdict: race-free: thread i reads in and the mask, writes out[i] only
// The code below is the original's, verbatim (host code removed).

#define MAX_MASK_WIDTH 10

template<typename T>
__constant__ T mask [MAX_MASK_WIDTH];

template<typename T>
__global__
void conv1d(const T * __restrict__ in,
                  T * __restrict__ out,
            const int input_width,
            const int mask_width)
{
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  T s = 0;
  int start = i - mask_width / 2;
  for (int j = 0; j < mask_width; j++) {
    if (start + j >= 0 && start + j < input_width) {
      s += in[start + j] * mask<T>[j];
    }
  }
  out[i] = s;
}

// Added, not in the original: the instantiations its host makes (conv1D<double>,
// conv1D<float>, conv1D<int16_t>, here `short`, the type int16_t names).
template __global__ void conv1d<double>(const double *, double *, const int, const int);
template __global__ void conv1d<float>(const float *, float *, const int, const int);
template __global__ void conv1d<short>(const short *, short *, const int, const int);
