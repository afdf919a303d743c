// Ours (CC0): the twin of own-cell-ok.cu that writes one cell further: at a length of one
// cell per thread, the last thread writes past the end, and `run` says so.
__global__ void inc(int *d) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  d[i + 1] = d[i] + 1;
}
