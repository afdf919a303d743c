//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=1
// Copying a struct copies its pointer: t.p is s.p, which is b after s.p = b, so the
// write through t.p is a write to b[0] by every thread.
struct S { int *p; int k; };

__global__ void k(int *a, int *b) {
  S s;
  s.p = a;
  s.k = 0;
  s.p = b;
  S t = s;
  t.p[t.k] = threadIdx.x;
  a[threadIdx.x] = 1;
}
