//--blockDim=64 --gridDim=2
//:: races race-free
// A loop a signed ticket ends (`t >= 64`): the iterations that go on drew distinct values
// in [-2^31, 64), the ends are one per thread, 2^31 + 64 + 128 draws in all: fewer than
// 2^32, so no two threads draw one value.
__global__ void k(int *next, int *slots) {
  for (;;) {
    int t = atomicAdd(next, 1);
    slots[t] = threadIdx.x;
    if (t >= 64)
      break;
  }
}
