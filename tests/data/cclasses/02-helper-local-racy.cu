//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=1
// Class 2: C fixes p = a + k = a + 0 at the call, then the helper changes k: every
// thread writes a[0]. Passed by name, `a + k` is evaluated after the change: a[tid].
__device__ void put(int *p, int *k, int v) {
  *k = threadIdx.x;
  p[0] = v;
}
__global__ void kern(int *a) {
  int k = 0;
  put(a + k, &k, 1);
}
