//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=2
// A local struct's pointer field aliases the parameter `a`: thread t writes a[g+1]
// through it, thread t+1 reads a[g+1] by name.
struct S { int *p; int n; };

__global__ void k(int *a, int *b) {
  unsigned g = threadIdx.x + blockIdx.x * blockDim.x;
  S s;
  s.p = a;
  s.n = 1;
  s.p[g + s.n] = g;
  b[g] = a[g];
}
