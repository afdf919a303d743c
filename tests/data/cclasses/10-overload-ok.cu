//pass
//--blockDim=4 --gridDim=1
// Class 10, the twin of 10-overload-racy.cu: the argument is an int, pos(int) is called.
__device__ int pos(unsigned int x) { return 0; }
__device__ int pos(int x) { return x; }
__global__ void k(int *a) {
  a[pos((int) threadIdx.x)] = 1;
}
