//--blockDim=256 --gridDim=1
// T = unsigned char: twice(i) wraps at 256, so threads 0 and 128 write a[0].
template <typename T> __device__ T twice(T x) { return x + x; }

__global__ void k(int *a)
{
  unsigned short i = threadIdx.x;
  a[twice<unsigned char>(i)] = 1;
}
