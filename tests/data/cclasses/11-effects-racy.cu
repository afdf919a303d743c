//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=1
// Class 11: `j = 1` on the right of `&&` runs where the left holds (even threads), so
// thread 0 writes a[2], which thread 1 writes too (the old i of its `a[i++]`).
__global__ void k(int *a) {
  int i = 2 * threadIdx.x, j = 0;
  if (threadIdx.x % 2 == 0 && (j = 1)) {
  }
  a[i++ + 2 * j] = 1;
  a[i] = 2;
}
