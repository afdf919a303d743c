//pass
//--blockDim=4 --gridDim=1
// Class 3, the twin of 03-mask-racy.cu: (-5 & 3) - 2 is 1.
__global__ void k(int *a) {
  a[16 + threadIdx.x * ((-5 & 3) - 2)] = 1;
}
