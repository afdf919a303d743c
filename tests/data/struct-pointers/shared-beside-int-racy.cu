//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=2
// Pointers stored into local memory: thread t writes the pointer field of element t and
// of element t - 1, where thread t - 1 writes it too.
struct A { int *p; int i; };

__global__ void k(int *a) {
  __shared__ A t[4];
  t[threadIdx.x].p = a;
  if (threadIdx.x > 0) t[threadIdx.x - 1].p = a + 1;
}
