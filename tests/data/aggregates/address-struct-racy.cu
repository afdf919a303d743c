//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=2
// The helper sets a, not b: b keeps 1, and every thread writes out[0].
struct pair { int a; short b; };

__device__ void set(pair *p, int x) { p->a = x; }

__global__ void k(int *out) {
  pair q;
  q.b = 1;
  set(&q, 5);
  if (q.b != 5) out[0] = threadIdx.x;
  out[blockIdx.x * blockDim.x + threadIdx.x] = q.b;
}
