//pass
//--blockDim=2 --gridDim=2
// A struct of mixed leaves in shared memory: thread 0 writes t[0].i, thread 1 t[0].s,
// two leaves of one struct; after the barrier both read both.
struct P { int i; short s; };
__global__ void k(int *out) {
  __shared__ P t[2];
  if (threadIdx.x == 0) t[0].i = 7;
  else t[0].s = 3;
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = t[0].i + t[0].s;
}
