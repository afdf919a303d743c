//pass
//--blockDim=2 --gridDim=2
// A struct of mixed leaves written and read through a pointer into one of two shared
// arrays, chosen per thread: thread 0 uses s[0], thread 1 t[1]; each then reads the
// other array's cell that no one writes.
struct P { int a; float b; };

__global__ void k(int *p, int *out) {
  __shared__ P s[2];
  __shared__ P t[2];
  if (threadIdx.x == 0) {
    s[1].a = p[0];
    t[0].a = p[0];
  }
  __syncthreads();
  P *r = threadIdx.x == 0 ? s : t;
  P v;
  v.a = p[blockIdx.x * 2 + threadIdx.x];
  v.b = 2.0f;
  r[threadIdx.x] = v;
  r[threadIdx.x].a += 1;
  int w = threadIdx.x == 0 ? t[0].a : s[1].a;
  out[blockIdx.x * 2 + threadIdx.x] = w + r[threadIdx.x].a;
}
