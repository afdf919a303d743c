//:: races race-free
// C++ does not read a place whose value it discards: `x[0], j < n` reads nothing, so thread
// 0's write of x[0] meets no read (clang's tree has no load above `x[0]`).
__global__ void k(int *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int j = 1; x[0], j < n; j++) { }
  x[i] = i;
}
