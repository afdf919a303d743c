//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=2
// A struct the host passes by value: its pointer field is a buffer of its own, shared by
// both groups; thread t of each group writes cell t of it.
struct S { struct { int *p; } in; int n; };

__global__ void k(S q, int *a) {
  q.in.p[threadIdx.x] = a[threadIdx.x + blockIdx.x * blockDim.x];
}
