// Two instantiations of one template whose contracts are one text: one annotation is the
// contract of both.
template <typename T>
__global__ void fill(T *a)
{
  a[blockIdx.x * blockDim.x + threadIdx.x] = 1;
}
template __global__ void fill<int>(int *a);
template __global__ void fill<float>(float *a);
