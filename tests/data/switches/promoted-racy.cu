//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=2
// The twin of promoted-ok.cu: 255 is thread 0's value (threadIdx.x + 255 wraps in an
// unsigned char), so threads 0 and 1 both write a[16 * blockIdx.x + 1].
__global__ void k(int *a) {
  unsigned char w = threadIdx.x + 255;
  switch (w) {
    case 255:
      a[16 * blockIdx.x + 1] = 1;
      break;
    case 0:
      a[16 * blockIdx.x + 1] = 2;
      break;
    default:
      a[16 * blockIdx.x + threadIdx.x + 4] = 0;
  }
}
