//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=1
// The field is NULL where `use` is 0, and then nothing is written; otherwise every
// thread writes a[0].
struct S { int *p; };

__global__ void k(int *a, int use) {
  S s;
  s.p = use ? a : 0;
  if (s.p != 0) s.p[0] = threadIdx.x;
}
