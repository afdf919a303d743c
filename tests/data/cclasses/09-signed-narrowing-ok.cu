//pass
//--blockDim=4 --gridDim=1
// Class 9, the twin of 09-signed-narrowing-racy.cu: (signed char) (32 * t) is 0, 32, 64, 96,
// all in range, so every thread writes a cell of its own.
__global__ void k(int *a) {
  signed char j = 32 * threadIdx.x;
  a[j < 0 ? j + 128 : j] = 1;
}
