//xfail:NOT_ALL_VERIFIED
//--blockDim=2 --gridDim=2
// The twin of choice-struct-ok.cu in which thread 0 reads t[1], which thread 1 writes
// through r: a race through one of the pointer's two arrays only.
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
  int w = threadIdx.x == 0 ? t[1].a : s[1].a;
  out[blockIdx.x * 2 + threadIdx.x] = w + r[threadIdx.x].a;
}
