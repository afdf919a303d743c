//pass
//--blockDim=4 --gridDim=1
// Class 2, the twin of 02-helper-memory-racy.cu: b[tid] holds tid before the call.
__device__ void put(int *p, int *idx, int v) {
  idx[threadIdx.x] = 0;
  p[0] = v;
}
__global__ void kern(int *a, int *b) {
  b[threadIdx.x] = threadIdx.x;
  put(a + b[threadIdx.x], b, 1);
}
