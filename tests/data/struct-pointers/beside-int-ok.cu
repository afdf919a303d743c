//pass
//--blockDim=4 --gridDim=2
// The twin of beside-int-racy.cu: thread t writes the int beside element t - 1's pointer,
// which is a different memory location than the pointer thread t - 1 writes.
struct A { int *p; int i; };

__global__ void k(int *a, A *q) {
  unsigned g = threadIdx.x + blockIdx.x * blockDim.x;
  q[g].p = a;
  if (g > 0) q[g - 1].i = 1;
}
