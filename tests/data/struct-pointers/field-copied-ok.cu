//pass
//--blockDim=4 --gridDim=1
// The twin of field-copied-racy.cu: the copy is taken before s.p moves to b, so t.p is
// a, and each thread writes its own cell of a, twice.
struct S { int *p; int k; };

__global__ void k(int *a, int *b) {
  S s;
  s.p = a;
  s.k = 0;
  S t = s;
  s.p = b;
  t.p[threadIdx.x] = threadIdx.x;
  a[threadIdx.x] = 1;
}
