//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=2
// A default-constructed struct assigned to memory is still written: every thread of a
// group writes s[0].
typedef struct { short x; short y; } pair_t;

__global__ void k(short *out) {
  __shared__ pair_t s[4];
  s[0] = pair_t();
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = s[threadIdx.x].x;
}
