//:: races racy
// The twin of private-own-race-free.cu with the counts in __shared__ memory, which the threads
// of a block share: each clears and counts into the same 16 cells.
__global__ void histogram(float *out, const unsigned char *in, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  __shared__ int count[16];
  for (int i = 0; i < 16; i++) count[i] = 0;
  count[in[y * w + x] % 16]++; //! race.data
  count[in[(y * w + x + 1) % (w * h)] % 16]++; //! race.data
  out[y * w + x] = count[0] + count[1];
}
