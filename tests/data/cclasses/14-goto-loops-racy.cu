//xfail:NOT_ALL_VERIFIED
//--blockDim=2 --gridDim=2
// Class 14: the jump out of both loops is taken by the threads t > 1 only, so global
// threads 0 and 1 both write a[0..8].
__global__ void k(int *a) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int i = 0; i < 3; i++) {
    for (int j = 0; j < 3; j++) {
      if (t > 1) {
        goto done;
      }
      a[3 * i + j] = 1;
    }
  }
done:
  a[9 + t] = 3;
}
