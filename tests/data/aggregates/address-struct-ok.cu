//pass
//--blockDim=4 --gridDim=2
// A struct of mixed leaves whose address a helper takes: it sets the thread's own a.
struct pair { int a; short b; };

__device__ void set(pair *p, int x) { p->a = x; }

__global__ void k(int *out) {
  pair q;
  q.b = 1;
  set(&q, 5);
  if (q.a != 5) out[0] = threadIdx.x;
  out[blockIdx.x * blockDim.x + threadIdx.x] = q.b;
}
