//:: verdict verified
//:: note Lesson docs/tutorial/11-cuda.md, "When the index overflows": scale-2d.cu with the contract `vercors-py infer --write --assume 'width * height <= 2147483647'` gives it: the host's fact is the first line.
/*@
  context_everywhere width * height <= 2147483647;
  requires gid.y * gsize.y + lid.y < height && gid.x * gsize.x + lid.x < width ==> 0 <= (gid.y * gsize.y + lid.y) * width + (gid.x * gsize.x + lid.x) && (gid.y * gsize.y + lid.y) * width + (gid.x * gsize.x + lid.x) < \length(m);
  requires gid.y * gsize.y + lid.y < height && gid.x * gsize.x + lid.x < width ==> Perm(m[(gid.y * gsize.y + lid.y) * width + (gid.x * gsize.x + lid.x)], write);
  ensures  gid.y * gsize.y + lid.y < height && gid.x * gsize.x + lid.x < width ==> Perm(m[(gid.y * gsize.y + lid.y) * width + (gid.x * gsize.x + lid.x)], write);
@*/
__global__ void scale_2d(float *m, int width, int height, float k) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < height && col < width) {
    m[row * width + col] = k * m[row * width + col];
  }
}
