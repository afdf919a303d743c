//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=2
// The twin of fall-through-ok.cu without the first `break`: thread 0 falls through into
// case 1 and writes a[1], which thread 1 writes too.
__global__ void k(int *a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  switch (t) {
    case 0:
      a[0] = 0;
    case 1:
      a[1] = 1;
      break;
    default:
      a[t] = t;
  }
}
