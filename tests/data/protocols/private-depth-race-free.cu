//--blockDim=[4,4,2] --gridDim=[2,2,1]
//:: races race-free
// The twin of private-depth-racy.cu that tells threads apart along z too: each writes a cell
// of its own, and keeps its counts in its private memory.
__global__ void histogram(float *out, const unsigned char *in, int w, int h) {
  int z = threadIdx.z;
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  int count[16];
  for (int i = 0; i < 16; i++) count[i] = 0;
  count[in[y * w + x] % 16]++;
  out[(y * w + x) * 2 + z] = count[0];
}
