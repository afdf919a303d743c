//pass
//--blockDim=4 --gridDim=1
// The twin of value-init-store-racy.cu: each thread stores into its own element.
struct P { float x, y; };

__global__ void k(float *a) {
  P *q = (P *) a;
  q[threadIdx.x] = P();
}
