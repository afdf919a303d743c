//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=2
// The field points into global memory, which both groups share: thread t of each group
// writes cell t.
struct S { int *p; };

__global__ void k(int *a) {
  S s;
  s.p = a;
  s.p[threadIdx.x] = blockIdx.x;
}
