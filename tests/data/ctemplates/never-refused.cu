//--blockDim=64 --gridDim=1
// No launch and no explicit instantiation: which kernel runs is not known.
template <class T>
__global__ void k(T *a)
{
  a[threadIdx.x] = 1;
}
