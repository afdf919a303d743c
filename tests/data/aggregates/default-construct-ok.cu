//pass
//--blockDim=4 --gridDim=2
// A default-constructed struct assigned to the thread's own element.
typedef struct { short x; short y; } pair_t;

__global__ void k(short *out) {
  __shared__ pair_t s[4];
  s[threadIdx.x] = pair_t();
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = s[3 - threadIdx.x].x;
}
