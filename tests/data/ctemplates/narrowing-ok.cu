//--blockDim=256 --gridDim=1
// T = int: the index 2 * i fits, every thread its own two cells a[2i] and a[2i + 1].
template <class T>
__global__ void k(int *a)
{
  T j = 2 * threadIdx.x;
  a[j] = 1;
  a[j + 1] = 2;
}

template __global__ void k<int>(int *);
