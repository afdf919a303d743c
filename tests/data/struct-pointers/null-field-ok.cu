//pass
//--blockDim=4 --gridDim=1
// The twin of null-field-racy.cu: each thread writes its own cell, if the field is not
// NULL.
struct S { int *p; };

__global__ void k(int *a, int use) {
  S s;
  s.p = use ? a : 0;
  if (s.p) s.p[threadIdx.x] = threadIdx.x;
}
