//--blockDim=256 --gridDim=1
// A template helper, as clang instantiates it for the call: T = unsigned keeps the index.
template <typename T> __device__ T twice(T x) { return x + x; }

__global__ void k(int *a)
{
  unsigned short i = threadIdx.x;
  a[twice<unsigned>(i)] = 1;
}
