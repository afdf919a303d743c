//pass
//--blockDim=4 --gridDim=2
// The twin of alias-through-field-racy.cu: each thread writes and reads its own cell of
// `a`, once through the struct's field and once by name.
struct S { int *p; int n; };

__global__ void k(int *a, int *b) {
  unsigned g = threadIdx.x + blockIdx.x * blockDim.x;
  S s;
  s.p = a;
  s.n = 0;
  s.p[g + s.n] = g;
  b[g] = a[g];
}
