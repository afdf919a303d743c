//pass
//--blockDim=4 --gridDim=2
// The twin of parameter-field-racy.cu: each thread writes a cell of its own.
struct S { struct { int *p; } in; int n; };

__global__ void k(S q, int *a) {
  q.in.p[threadIdx.x + blockIdx.x * blockDim.x] = a[threadIdx.x + blockIdx.x * blockDim.x];
}
