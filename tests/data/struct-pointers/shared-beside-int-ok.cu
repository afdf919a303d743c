//pass
//--blockDim=4 --gridDim=2
// The twin of shared-beside-int-racy.cu: thread t writes the int beside element t - 1's
// pointer, a different memory location than the pointer thread t - 1 writes; each group
// has its own array.
struct A { int *p; int i; };

__global__ void k(int *a) {
  __shared__ A t[4];
  t[threadIdx.x].p = a;
  if (threadIdx.x > 0) t[threadIdx.x - 1].i = 1;
}
