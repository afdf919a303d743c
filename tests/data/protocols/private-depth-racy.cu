//--blockDim=[4,4,2] --gridDim=[2,2,1]
//:: races racy
// The twin of private-own-race-free.cu launched with depth: threads that differ only in
// threadIdx.z have private arrays of their own, but write one cell of out.
__global__ void histogram(float *out, const unsigned char *in, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  int count[16];
  for (int i = 0; i < 16; i++) count[i] = 0;
  count[in[y * w + x] % 16]++;
  out[y * w + x] = count[0]; //! race.data
}
