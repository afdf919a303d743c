//--blockDim=256 --gridDim=1
// T = unsigned char: 2 * i wraps around at 256, so threads 0 and 128 both write a[0]
// and a[1].  (A signed char would make the conversion implementation-defined, which
// `check` reports as arith.overflow and `races` does not.)
template <class T>
__global__ void k(int *a)
{
  T j = 2 * threadIdx.x;
  a[j] = 1;
  a[j + 1] = 2;
}

template __global__ void k<unsigned char>(int *);
