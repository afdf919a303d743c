// An early return on locals' values (`if (y >= height || x >= width) return;`) before
// loops with a branch inside: every clause states the condition by the locals' values
// (an invariant knows nothing of `x` and `y`: `!(y >= height || x >= width) || ...`
// would claim the cell for any `x` and `y`, outside the array too).
//--blockDim=[16,16]
__global__ void blur(int *out, const char *in, const int height, const int width)
{
  const int x = threadIdx.x + blockIdx.x * blockDim.x;
  const int y = threadIdx.y + blockIdx.y * blockDim.y;
  if (y >= height || x >= width) return;
  int total = 0;
  for (int dy = -2; dy <= 2; dy++) {
    for (int dx = -2; dx <= 2; dx++) {
      int xx = x + dx;
      int yy = y + dy;
      if (xx >= 0 && yy >= 0 && yy < height && xx < width) {
        total = in[yy * width + xx];
      }
    }
  }
  out[y * width + x] = total;
}
