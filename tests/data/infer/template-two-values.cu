// Two instantiations of one template with different strides: their contracts differ,
// and one annotation is the contract of both.
template <int N>
__global__ void fill(int *a)
{
  a[(blockIdx.x * blockDim.x + threadIdx.x) * N] = 1;
}
template __global__ void fill<1>(int *a);
template __global__ void fill<2>(int *a);
