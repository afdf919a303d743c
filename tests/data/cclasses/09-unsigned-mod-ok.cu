//pass
//--blockDim=2 --gridDim=1
// Class 9, the twin of 09-unsigned-mod-racy.cu: no wrap-around.
__global__ void k(int *a) {
  a[(threadIdx.x + 2u) % 3] = 1;
}
