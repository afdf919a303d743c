//pass
//--blockDim=4 --gridDim=2
// The switch is on w promoted to int, 0 to 255: `case 256` never matches, and only
// thread 1 (w wrapped to 0) writes a[16 * blockIdx.x + 1].
__global__ void k(int *a) {
  unsigned char w = threadIdx.x + 255;
  switch (w) {
    case 256:
      a[16 * blockIdx.x + 1] = 1;
      break;
    case 0:
      a[16 * blockIdx.x + 1] = 2;
      break;
    default:
      a[16 * blockIdx.x + threadIdx.x + 4] = 0;
  }
}
