//:: races racy
// The twin of grid-3d-symbolic-race-free.cu whose guard lets y reach m: thread (x, m, z) writes
// the cell of thread (x, 0, z + 1).
__global__ void fill(float *C, int n, int m) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int z = blockIdx.z * blockDim.z + threadIdx.z;
  if (x < n && y <= m) C[(z * m + y) * n + x] = 1.0f; //! race.data
}
