//--blockDim=256
// provenance: https://github.com/NVIDIA-developer-blog/code-samples commit 72d62ec464442786a36754508bcb1094d197d6a5 path series/cuda-cpp/coalescing-global/coalescing.cu lines 44-49
// project: NVIDIA developer blog code samples
// licence: BSD-3-Clause (bench/realcode/LICENSES.md)
// kernel: offset<T>
// host: offset<<<n/blockSize, blockSize = 256>>>(d_a, i) for i = 0..32, the buffer sized for the largest offset
// verdict: race-free: a[i] = a[i] + 1 with i = global id + s: one cell per thread
// The code below is the original's, verbatim (host code removed).

template <typename T>
__global__ void offset(T* a, int s)
{
  int i = blockDim.x * blockIdx.x + threadIdx.x + s;
  a[i] = a[i] + 1;
}

// Added, not in the original: the instantiation its host launches (offset<float> in the
// single-precision run; the double run launches offset<double>).
template __global__ void offset<float>(float *, int);
template __global__ void offset<double>(double *, int);
