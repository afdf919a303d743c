//--blockDim=1024 --gridDim=2097152
//:: races racy
// The twin of atomic-ticket-loop-signed-race-free.cu on 2^31 threads: from a counter at
// -2^31, the 2^31 + 64 values below 64 go on, then every thread still in the loop draws
// once more, 2^31 values from 64 on, which pass 2^31 - 1 and come round to values drawn
// before: two threads write one cell.
__global__ void k(int *next, int *slots) {
  for (;;) {
    int t = atomicAdd(next, 1);
    slots[t] = threadIdx.x; //! race.data
    if (t >= 64)
      break;
  }
}
