//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=2
// 12 bytes are two elements of 6: each thread copies its element and the next one,
// which the next thread (of its group, or the first of the next group) copies too.
typedef struct { short x; short y; char z; } s_t;

__global__ void k(s_t *in, s_t *out) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  memcpy(&out[i], &in[i], 12);
}
