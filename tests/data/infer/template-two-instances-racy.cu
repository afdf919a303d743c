// Two instantiations of one template, one contract for both: threads 2k and 2k + 1
// write one cell.
template <typename T>
__global__ void fill(T *a)
{
  a[(blockIdx.x * blockDim.x + threadIdx.x) / 2] = 1;
}
template __global__ void fill<int>(int *a);
template __global__ void fill<float>(float *a);
