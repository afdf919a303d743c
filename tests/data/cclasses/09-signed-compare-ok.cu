//pass
//--blockDim=4 --gridDim=1
// Class 9, the twin of 09-signed-compare-racy.cu: only thread 0 passes the test.
__global__ void k(int *a) {
  if (threadIdx.x < 1) {
    a[0] = threadIdx.x;
  }
}
