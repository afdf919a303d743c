//:: races racy
// A 2-D block of symbolic size whose tile index ignores threadIdx.y.
__global__ void k(int *out) {
  __shared__ int tile[1024];
  tile[threadIdx.x] = threadIdx.y;  //! race.data
}
