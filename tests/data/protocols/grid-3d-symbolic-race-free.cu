//:: races race-free
// A 3-D kernel with symbolic sizes and extents n x m: `(z * m + y) * n + x` is one cell per
// thread when x < n and y < m, whatever the launch.
__global__ void fill(float *C, int n, int m) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int z = blockIdx.z * blockDim.z + threadIdx.z;
  if (x < n && y < m) C[(z * m + y) * n + x] = 1.0f;
}
