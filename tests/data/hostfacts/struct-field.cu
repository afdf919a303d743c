// The CUDA twin of vector-component.cl: the width is a field of a struct parameter, and
// CUDA's int2 is a struct whose fields are x and y.
struct Dims { int w; int h; };

__global__ void k(float *a, Dims d, int2 e) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i % d.w] = 1.0f;
  a[i % e.y] = 2.0f;
}
