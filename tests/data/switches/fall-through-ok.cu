//pass
//--blockDim=4 --gridDim=2
// Each thread writes only the cell its case names: a `break` ends each case.
__global__ void k(int *a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  switch (t) {
    case 0:
      a[0] = 0;
      break;
    case 1:
      a[1] = 1;
      break;
    default:
      a[t] = t;
  }
}
