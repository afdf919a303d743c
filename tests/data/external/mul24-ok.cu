//pass
//--blockDim=4 --gridDim=1
// The twin of mul24-racy.cu: the low 24 bits of 2^24 + i are i, a cell per thread.
__global__ void k(int *a) {
  a[__mul24(16777216 + threadIdx.x, 1)] = 1;
  a[4 + __umul24(16777216u + threadIdx.x, 1u)] = 1;
}
