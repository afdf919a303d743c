//xfail:NOT_ALL_VERIFIED
//--blockDim=2 --gridDim=1
// Class 9: for thread 0, threadIdx.x - 1u wraps to 4294967295, a multiple of 3, so
// threads 0 and 1 both write a[0]. On mathematical integers thread 0 writes a[2].
__global__ void k(int *a) {
  a[(threadIdx.x - 1u) % 3] = 1;
}
