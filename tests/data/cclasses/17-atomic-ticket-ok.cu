//pass
//--blockDim=4 --gridDim=2
// Tickets: every update of the counter adds 1, so the threads of the grid draw distinct
// values (at most 8 of them, far from 2^32) and write distinct cells.
__global__ void k(unsigned int *next, int *slots) {
  unsigned int t = atomicAdd(next, 1u);
  slots[t] = threadIdx.x;
}
