//pass
//--blockDim=4 --gridDim=1
// Class 9, the twin of 09-narrowing-racy.cu: (unsigned char) 257 is 1.
__global__ void k(int *a) {
  a[threadIdx.x * (unsigned char) 257] = 1;
}
