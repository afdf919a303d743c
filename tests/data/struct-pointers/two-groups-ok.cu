//pass
//--blockDim=4 --gridDim=2
// The twin of two-groups-racy.cu: each thread of each group writes a cell of its own.
struct S { int *p; };

__global__ void k(int *a) {
  S s;
  s.p = a;
  s.p[threadIdx.x + blockIdx.x * blockDim.x] = blockIdx.x;
}
