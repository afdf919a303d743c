//:: races race-free
// A thread's private array, indexed by a value read from memory: no other thread can reach the
// thread's own memory, so its accesses never race whatever the index (races/private.py). The
// kernel names x and y only: the linear lid that keeps private slices apart does not make it
// a kernel of three dimensions (cfamily/private_slices.py), so it is checked for launches of two.
__global__ void histogram(float *out, const unsigned char *in, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  int count[16];
  for (int i = 0; i < 16; i++) count[i] = 0;
  count[in[y * w + x] % 16]++;
  count[in[(y * w + x + 1) % (w * h)] % 16]++;
  out[y * w + x] = count[0] + count[1];
}
