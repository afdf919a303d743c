//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=2
// Pointers stored into global memory: thread t writes the pointer field of element t
// and of element t - 1, where thread t - 1 writes it too (the same 8 bytes).
struct A { int *p; int i; };

__global__ void k(int *a, A *q) {
  unsigned g = threadIdx.x + blockIdx.x * blockDim.x;
  q[g].p = a;
  if (g > 0) q[g - 1].p = a + 1;
}
