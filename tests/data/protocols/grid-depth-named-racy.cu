//:: races racy
// A kernel that names blockDim.z keeps z open: threads that differ only in threadIdx.z share
// their index and write one cell. (Without the loop over blockDim.z it would be checked for
// launches of two dimensions: grid-2d-symbolic-race-free.cu.)
__global__ void scale(float *C, int n) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < blockDim.z; k++)
    if (row < n && col < n) C[row * n + col] = k; //! race.data
}
