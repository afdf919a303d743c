//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=1
// Class 12: a shift by an amount that is not a constant (blockDim.x / 4 is 1 here):
// threads 0 and 1 both write a[0].
__global__ void k(int *a) {
  unsigned s = blockDim.x / 4;
  a[threadIdx.x >> s] = 1;
}
