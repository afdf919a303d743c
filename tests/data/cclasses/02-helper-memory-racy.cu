//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=1
// Class 2: p = a + b[tid] = a + 0 is fixed at the call; the helper then stores tid in
// b[tid], the cell the argument was read from. Passed by name, p[0] becomes a[tid].
__device__ void put(int *p, int *idx, int v) {
  idx[threadIdx.x] = threadIdx.x;
  p[0] = v;
}
__global__ void kern(int *a, int *b) {
  b[threadIdx.x] = 0;
  put(a + b[threadIdx.x], b, 1);
}
