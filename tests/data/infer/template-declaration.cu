// A template kernel: its contract goes before `template`, where the front end reads it.
template <typename T>
__global__ void
fill(T *a)
{
  a[blockIdx.x * blockDim.x + threadIdx.x] = 1;
}
template __global__ void fill<int>(int *a);
