//:: cmd races
//:: verdict race-free
//:: note Lesson docs/tutorial/11-cuda.md, step 1: a CUDA kernel as written, without annotations. Each block copies its part of `in` into shared memory; after __syncthreads() every thread adds its element and the element at the mirrored place of its block.
#define BLOCK 256

__global__ void mirror_add(int *out, const int *in) {
  __shared__ int tile[BLOCK];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = in[i];
  __syncthreads();
  out[i] = tile[threadIdx.x] + tile[blockDim.x - 1 - threadIdx.x];
}
