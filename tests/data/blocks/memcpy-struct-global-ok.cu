//pass
//--blockDim=4 --gridDim=2
// Two elements of 6 bytes per thread, at elements 2i and 2i + 1: no two threads meet.
typedef struct { short x; short y; char z; } s_t;

__global__ void k(s_t *in, s_t *out) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  memcpy(&out[2 * i], &in[2 * i], 2 * sizeof(s_t));
}
