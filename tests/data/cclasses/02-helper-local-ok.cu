//pass
//--blockDim=4 --gridDim=1
// Class 2, the twin of 02-helper-local-racy.cu: k already holds the thread's cell at the call.
__device__ void put(int *p, int *k, int v) {
  *k = 0;
  p[0] = v;
}
__global__ void kern(int *a) {
  int k = threadIdx.x;
  put(a + k, &k, 1);
}
