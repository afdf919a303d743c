//pass
//--blockDim=2 --gridDim=2
// Class 14, the twin of 14-goto-loops-racy.cu: every thread but global thread 0 jumps
// out of both loops to `done`, skipping a[0..8]; each thread then writes its own cell.
__global__ void k(int *a) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int i = 0; i < 3; i++) {
    for (int j = 0; j < 3; j++) {
      if (t != 0) {
        goto done;
      }
      a[3 * i + j] = 1;
    }
  }
done:
  a[9 + t] = 3;
}
