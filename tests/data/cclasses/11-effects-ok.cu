//pass
//--blockDim=4 --gridDim=1
// Class 11, the twin of 11-effects-racy.cu: the left of `&&` is false, so `j = 1` never
// runs and thread t writes a[2t] (the old i of `a[i++]`) and a[2t + 1].
__global__ void k(int *a) {
  int i = 2 * threadIdx.x, j = 0;
  if (threadIdx.x > 8 && (j = 1)) {
  }
  a[i++ + 2 * j] = 1;
  a[i] = 2;
}
